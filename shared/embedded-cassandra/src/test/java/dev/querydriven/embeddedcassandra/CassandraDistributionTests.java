package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/** How an unpacked distribution reaches its place when several JVMs unpack it at once. */
class CassandraDistributionTests {

	@TempDir
	Path cache;

	/** The first complete copy moves into place. */
	@Test
	void firstCopyMovesIntoPlace() throws IOException {
		Path home = this.cache.resolve("5.0.6");
		Path copy = completeCopy("mine");
		assertThat(CassandraDistribution.moveIntoPlace(copy, home)).isTrue();
		assertThat(home.resolve(".complete")).isRegularFile();
		assertThat(home.resolve("mine")).isRegularFile();
	}

	/**
	 * A JVM that finds another one's complete copy already in place uses it: the refused
	 * move is no failure.
	 */
	@Test
	void completeCopyInPlaceIsUsed() throws IOException {
		Path home = this.cache.resolve("5.0.6");
		CassandraDistribution.moveIntoPlace(completeCopy("theirs"), home);
		Path mine = completeCopy("mine");
		assertThat(CassandraDistribution.moveIntoPlace(mine, home)).isFalse();
		assertThat(home.resolve("theirs")).isRegularFile();
		assertThat(home.resolve("mine")).doesNotExist();
	}

	/** A half-written directory in place is not taken for a distribution. */
	@Test
	void incompleteDirectoryInPlaceFailsTheMove() throws IOException {
		Path home = Files.createDirectories(this.cache.resolve("5.0.6"));
		Files.createFile(home.resolve("partial"));
		Path mine = completeCopy("mine");
		assertThatIOException().isThrownBy(() -> CassandraDistribution.moveIntoPlace(mine, home));
	}

	private Path completeCopy(String marker) throws IOException {
		Path copy = Files.createDirectories(this.cache.resolve("5.0.6.tmp-" + marker));
		Files.createFile(copy.resolve(marker));
		Files.createFile(copy.resolve(".complete"));
		return copy;
	}

}
