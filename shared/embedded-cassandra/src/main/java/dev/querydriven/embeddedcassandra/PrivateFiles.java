package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files and directories only their owner may read: a node's directory holds its data and
 * the superuser's password, a credentials file a password. The permissions are given when
 * the file or directory is created ({@link PosixFilePermissions#asFileAttribute}), never
 * set afterwards: a file created with the default umask and restricted later is readable
 * by every local user in between, and a reader that opened it then keeps reading.
 * <p>
 * On a file system without POSIX permissions (Windows) they are created plainly, and the
 * user's profile directory, where the cache lives, protects them.
 */
public final class PrivateFiles {

	private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_DIRECTORY = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

	private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_FILE = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

	private PrivateFiles() {
	}

	/**
	 * Creates a directory and its missing parents, each one created readable by its owner
	 * only (0700). Directories that exist already are left as they are.
	 * @param directory the directory
	 * @return the directory
	 * @throws IOException when it cannot be created
	 */
	public static Path createDirectories(Path directory) throws IOException {
		if (Files.isDirectory(directory)) {
			return directory;
		}
		if (posix(directory)) {
			return Files.createDirectories(directory, OWNER_ONLY_DIRECTORY);
		}
		return Files.createDirectories(directory);
	}

	/**
	 * Writes a file readable and writable by its owner only (0600). The content goes to a
	 * temporary file beside it, created 0600, which then replaces the file in one atomic
	 * rename: a reader sees the old content or the new one, never half of it, and a crash
	 * leaves the old file whole.
	 * @param file the file
	 * @param content its content
	 * @throws IOException when it cannot be written
	 */
	public static void writeString(Path file, String content) throws IOException {
		Path directory = file.toAbsolutePath().getParent();
		createDirectories(directory);
		Path temporary = posix(directory)
				? Files.createTempFile(directory, "." + file.getFileName(), ".tmp", OWNER_ONLY_FILE)
				: Files.createTempFile(directory, "." + file.getFileName(), ".tmp");
		try {
			try (OutputStream out = Channels
				.newOutputStream(Files.newByteChannel(temporary, StandardOpenOption.WRITE, StandardOpenOption.SYNC))) {
				out.write(content.getBytes(StandardCharsets.UTF_8));
			}
			try {
				Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			}
			catch (AtomicMoveNotSupportedException ex) {
				Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
			}
		}
		finally {
			Files.deleteIfExists(temporary);
		}
	}

	private static boolean posix(Path path) {
		return path.getFileSystem().supportedFileAttributeViews().contains("posix");
	}

}
