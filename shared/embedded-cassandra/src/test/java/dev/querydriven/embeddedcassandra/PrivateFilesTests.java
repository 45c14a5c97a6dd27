package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Secrets and node data are their owner's only from the moment they exist.
 */
class PrivateFilesTests {

	@TempDir
	Path directory;

	/** A credentials file is created 0600, in a directory created 0700. */
	@Test
	void credentialsFileIsOwnerOnlyInAnOwnerOnlyDirectory() throws IOException {
		Path file = this.directory.resolve("node/role.credentials.properties");
		new Credentials("role", "secret").writeTo(file);
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
			.isEqualTo("rwx------");
		assertThat(Credentials.readFrom(file)).isEqualTo(new Credentials("role", "secret"));
	}

	/**
	 * Writing again replaces the file whole and leaves no temporary file behind; the
	 * replacement is owner-only too.
	 */
	@Test
	void rewritingReplacesTheFileAtomically() throws IOException {
		Path file = this.directory.resolve("role.credentials.properties");
		new Credentials("role", "first").writeTo(file);
		new Credentials("role", "second").writeTo(file);
		assertThat(Credentials.readFrom(file).password()).isEqualTo("second");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		try (var files = Files.list(this.directory)) {
			assertThat(files).containsExactly(file);
		}
	}

	/**
	 * Missing parents of a node's directory are created 0700 as well; existing ones are
	 * left alone.
	 */
	@Test
	void missingParentsAreOwnerOnly() throws IOException {
		Path node = this.directory.resolve("cache/nodes/social-feed");
		PrivateFiles.createDirectories(node);
		for (Path path = node; !path.equals(this.directory); path = path.getParent()) {
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path))).as(path.toString())
				.isEqualTo("rwx------");
		}
	}

}
