package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Cassandra server jars carried as a zip by the {@code cassandra-dist} jar, unpacked
 * once per version into the cache directory. Unpacking goes to a temporary sibling that
 * is moved into place atomically, so concurrent JVMs (parallel test runs) never see half
 * a distribution.
 */
public final class CassandraDistribution {

	static final String DESCRIPTOR = "META-INF/querydriven/cassandra-dist.properties";

	private static final Logger logger = LoggerFactory.getLogger(CassandraDistribution.class);

	private final String version;

	private final Path home;

	private CassandraDistribution(String version, Path home) {
		this.version = version;
		this.home = home;
	}

	/**
	 * The version of Cassandra carried on the class path, without unpacking it. Container
	 * images use the same version, so every backend runs the same Cassandra.
	 * @return the version, e.g. {@code 5.0.6}
	 */
	public static String bundledVersion() {
		try (InputStream in = CassandraDistribution.class.getClassLoader().getResourceAsStream(DESCRIPTOR)) {
			if (in == null) {
				throw new IllegalStateException("No Cassandra distribution on the class path (" + DESCRIPTOR
						+ " is missing): add a dependency on dev.querydriven:cassandra-dist");
			}
			Properties descriptor = new Properties();
			descriptor.load(in);
			return descriptor.getProperty("version");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Finds the distribution on the class path and unpacks it into {@code cacheRoot}
	 * unless that was done before.
	 * @param cacheRoot the cache directory
	 * @return the unpacked distribution
	 */
	public static CassandraDistribution unpackTo(Path cacheRoot) {
		ClassLoader classLoader = CassandraDistribution.class.getClassLoader();
		Properties descriptor = new Properties();
		try (InputStream in = classLoader.getResourceAsStream(DESCRIPTOR)) {
			if (in == null) {
				throw new IllegalStateException("No Cassandra distribution on the class path (" + DESCRIPTOR
						+ " is missing): add a dependency on dev.querydriven:cassandra-dist");
			}
			descriptor.load(in);
			String version = descriptor.getProperty("version");
			URL archive = classLoader.getResource(descriptor.getProperty("archive"));
			if (archive == null) {
				throw new IllegalStateException("The Cassandra archive " + descriptor.getProperty("archive")
						+ " is missing from the class path");
			}
			URLConnection connection = archive.openConnection();
			long size = connection.getContentLengthLong();
			Path home = cacheRoot.resolve("cassandra").resolve(version + "-" + Long.toHexString(size));
			if (!Files.isRegularFile(home.resolve(".complete"))) {
				unpack(connection, home, version);
			}
			return new CassandraDistribution(version, home);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not unpack the Cassandra distribution into " + cacheRoot, ex);
		}
	}

	private static void unpack(URLConnection archive, Path home, String version) throws IOException {
		long started = System.nanoTime();
		// The cache also holds the dev runs' nodes, their data and passwords: a new
		// cache directory is its owner's only.
		PrivateFiles.createDirectories(home.getParent());
		Path temporary = home.resolveSibling(home.getFileName() + ".tmp-" + UUID.randomUUID());
		try (ZipInputStream zip = new ZipInputStream(archive.getInputStream())) {
			for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
				Path target = temporary.resolve(entry.getName()).normalize();
				if (!target.startsWith(temporary)) {
					throw new IOException("Unexpected entry in the Cassandra archive: " + entry.getName());
				}
				if (entry.isDirectory()) {
					Files.createDirectories(target);
				}
				else {
					Files.createDirectories(target.getParent());
					Files.copy(zip, target);
				}
			}
			Files.createFile(temporary.resolve(".complete"));
			if (moveIntoPlace(temporary, home)) {
				logger.info("Unpacked Cassandra {} into {} in {} ms", version, home,
						(System.nanoTime() - started) / 1_000_000);
			}
		}
		finally {
			deleteRecursively(temporary);
		}
	}

	/**
	 * Moves a complete unpacked copy into place in one step. When another JVM moved its
	 * own copy there first (several services' dev runs starting at once), Linux refuses
	 * the move with a bare "Directory not empty", not always as a
	 * {@code DirectoryNotEmptyException}: the copy in place is used when it is complete.
	 * @param temporary the complete copy
	 * @param home where it belongs
	 * @return whether this copy was moved (rather than another one found in place)
	 * @throws IOException when the move failed and no complete copy is in place
	 */
	static boolean moveIntoPlace(Path temporary, Path home) throws IOException {
		try {
			Files.move(temporary, home, StandardCopyOption.ATOMIC_MOVE);
			return true;
		}
		catch (IOException ex) {
			if (Files.isRegularFile(home.resolve(".complete"))) {
				return false;
			}
			throw ex;
		}
	}

	static void deleteRecursively(Path directory) throws IOException {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
	}

	/**
	 * The Cassandra version, e.g. {@code 5.0.6}.
	 * @return the version
	 */
	public String version() {
		return this.version;
	}

	/**
	 * The directory holding the server jars.
	 * @return the {@code lib} directory
	 */
	public Path libDirectory() {
		return this.home.resolve("lib");
	}

}
