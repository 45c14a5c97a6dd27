package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Collections;
import java.util.Objects;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Client-to-node TLS of a node ({@code client_encryption_options}): the node presents the
 * key pair of its keystore on the CQL port and accepts nothing but TLS there
 * ({@code optional: false}, so a driver speaking clear text is refused). Clients are not
 * asked for a certificate of their own: they prove who they are with their password,
 * which TLS now keeps off the wire.
 *
 * @param keystore the keystore holding the node's private key and certificate
 * @param password the password of the keystore and of its key
 * @param storeType {@code PKCS12} (the JDK's default since Java 9) or {@code JKS}
 */
public record ClientEncryption(Path keystore, String password, String storeType) {

	public ClientEncryption {
		Objects.requireNonNull(keystore, "keystore");
		Objects.requireNonNull(password, "password");
		if (!"PKCS12".equals(storeType) && !"JKS".equals(storeType)) {
			throw new IllegalArgumentException("Cassandra reads PKCS12 or JKS keystores, not " + storeType);
		}
		keystore = keystore.toAbsolutePath();
	}

	/**
	 * TLS with a PKCS12 keystore, the format {@code keytool} writes by default.
	 * @param keystore the keystore holding the node's private key and certificate
	 * @param password the password of the keystore and of its key
	 * @return the settings
	 */
	public static ClientEncryption pkcs12(Path keystore, String password) {
		return new ClientEncryption(keystore, password, "PKCS12");
	}

	/**
	 * A TLS context that trusts exactly the certificates of this keystore: the node's own
	 * logins (replacing the default superuser password) and tests use it to reach a node
	 * whose certificate is self-signed. It checks no host name, which is right for a node
	 * reached on its loopback address and nowhere else; applications verify the name,
	 * with a truststore of their own (a Spring Boot SSL bundle).
	 * @return the context
	 */
	public SSLContext trustingSslContext() {
		try (InputStream in = Files.newInputStream(this.keystore)) {
			KeyStore keys = KeyStore.getInstance(this.storeType);
			keys.load(in, this.password.toCharArray());
			KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
			trusted.load(null, null);
			for (String alias : Collections.list(keys.aliases())) {
				Certificate certificate = keys.getCertificate(alias);
				if (certificate != null) {
					trusted.setCertificateEntry(alias, certificate);
				}
			}
			TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			trust.init(trusted);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, trust.getTrustManagers(), null);
			return context;
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalStateException("Could not read the keystore " + this.keystore, ex);
		}
	}

	@Override
	public String toString() {
		return "ClientEncryption[keystore=" + this.keystore + ", password=******, storeType=" + this.storeType + "]";
	}

}
