package dev.querydriven.servicesupport.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.querydriven.embeddedcassandra.ClientEncryption;

/**
 * A node's key pair and its clients' truststore, made when a test starts by the JDK's own
 * {@code keytool}: no key or certificate is checked in (a private key in a repository is
 * a leaked key), and nothing beyond the JDK is needed. The certificate is self-signed,
 * valid for a day, and names {@code 127.0.0.1} and {@code localhost}, so a client that
 * verifies the node's host name (Spring Boot's default) accepts it.
 *
 * <p>
 * The same three commands make a node's keys by hand; a cluster's certificates come from
 * the organisation's certificate authority instead, and its clients trust that authority.
 *
 * @param nodeKeystore the node's private key and certificate (PKCS12)
 * @param clientTruststore the node's certificate alone, which clients trust (PKCS12)
 * @param password the password of both stores
 */
record TestKeystores(Path nodeKeystore, Path clientTruststore, String password) {

	private static final SecureRandom RANDOM = new SecureRandom();

	/**
	 * Generates a key pair and a self-signed certificate, and the truststore holding that
	 * certificate.
	 * @param directory where the stores are written (created if missing)
	 * @return the stores
	 */
	static TestKeystores create(Path directory) {
		byte[] bytes = new byte[18];
		RANDOM.nextBytes(bytes);
		String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		Path keystore = directory.resolve("node.p12");
		Path certificate = directory.resolve("node.pem");
		Path truststore = directory.resolve("client-truststore.p12");
		try {
			Files.createDirectories(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		// The password reaches keytool through its environment, never its command line,
		// which other users of the machine can read.
		keytool(password, "-genkeypair", "-alias", "node", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "1",
				"-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12", "-keystore",
				keystore.toString(), "-storepass:env", "KEYSTORE_PASSWORD");
		keytool(password, "-exportcert", "-rfc", "-alias", "node", "-keystore", keystore.toString(), "-storepass:env",
				"KEYSTORE_PASSWORD", "-file", certificate.toString());
		keytool(password, "-importcert", "-noprompt", "-alias", "node", "-file", certificate.toString(), "-storetype",
				"PKCS12", "-keystore", truststore.toString(), "-storepass:env", "KEYSTORE_PASSWORD");
		return new TestKeystores(keystore, truststore, password);
	}

	/**
	 * The node's side: its CQL port speaks TLS only, with this key pair.
	 * @return the node's encryption settings
	 */
	ClientEncryption nodeEncryption() {
		return ClientEncryption.pkcs12(this.nodeKeystore, this.password);
	}

	@Override
	public String toString() {
		return "TestKeystores[nodeKeystore=" + this.nodeKeystore + ", clientTruststore=" + this.clientTruststore
				+ ", password=******]";
	}

	private static void keytool(String password, String... arguments) {
		// The keytool of the JDK that runs the tests is always there, whatever
		// JAVA_HOME names.
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
		command.addAll(List.of(arguments));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().put("KEYSTORE_PASSWORD", password);
		try {
			Process process = builder.start();
			process.getOutputStream().close();
			String output;
			try (InputStream in = process.getInputStream()) {
				output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			}
			if (!process.waitFor(1, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				throw new IllegalStateException("keytool " + arguments[0] + " did not finish within a minute");
			}
			if (process.exitValue() != 0) {
				throw new IllegalStateException(
						"keytool " + arguments[0] + " failed (exit " + process.exitValue() + "): " + output);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not run keytool", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while keytool ran", ex);
		}
	}

}
