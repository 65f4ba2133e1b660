package io.braid.comm.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;

import javax.net.ssl.SSLException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/**
 * The TLS certificate of a run (and its private key, where this process serves connections).
 * Every process of the run uses the same one: servers present it, clients accept only it
 * ({@link PinnedCertificateTrustManager}). It travels to workers as single-line Base64 DER
 * ({@link #certificateBase64()}, {@link #keyBase64()}), so it fits an environment variable.
 */
public final class TlsIdentity {

    private final X509Certificate certificate;
    private final PrivateKey key;
    private volatile SslContext server;
    private volatile SslContext client;

    TlsIdentity(X509Certificate certificate, PrivateKey key) {
        this.certificate = certificate;
        this.key = key;
    }

    /** A client-only identity: trusts {@code certificate}, cannot serve. */
    public static TlsIdentity trusting(X509Certificate certificate) {
        return new TlsIdentity(certificate, null);
    }

    /**
     * Reads a PEM certificate and a PEM PKCS#8 private key ({@code -----BEGIN PRIVATE KEY-----}).
     *
     * @throws IOException naming the file that cannot be read or parsed
     */
    public static TlsIdentity fromPemFiles(Path certificateFile, Path keyFile) throws IOException {
        byte[] certDer = pemBlock(certificateFile, "CERTIFICATE");
        byte[] keyDer = pemBlock(keyFile, "PRIVATE KEY");
        try {
            return new TlsIdentity(certificate(certDer), privateKey(keyDer));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IOException(certificateFile + " / " + keyFile + ": not a certificate and its PKCS#8 key: "
                    + e.getMessage(), e);
        }
    }

    /**
     * The inverse of {@link #certificateBase64()} and {@link #keyBase64()} ({@code keyBase64} null:
     * trust only).
     *
     * @throws IllegalArgumentException naming {@code origin} when they do not parse
     */
    public static TlsIdentity fromBase64(String certificateBase64, String keyBase64, String origin) {
        try {
            X509Certificate cert = certificate(Base64.getDecoder().decode(certificateBase64.trim()));
            PrivateKey key = keyBase64 == null ? null : privateKey(Base64.getDecoder().decode(keyBase64.trim()));
            return new TlsIdentity(cert, key);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException(origin + ": not a Base64 DER certificate" + (keyBase64 == null ? ""
                    : " and PKCS#8 key") + ": " + e.getMessage(), e);
        }
    }

    public X509Certificate certificate() {
        return certificate;
    }

    public boolean canServe() {
        return key != null;
    }

    public String certificateBase64() {
        try {
            return Base64.getEncoder().encodeToString(certificate.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The private key, PKCS#8 DER in Base64; null for a client-only identity. */
    public String keyBase64() {
        return key == null ? null : Base64.getEncoder().encodeToString(key.getEncoded());
    }

    /** A server-side {@link SslHandler} presenting the certificate. */
    public SslHandler newServerHandler(ByteBufAllocator alloc) {
        if (key == null) {
            throw new IllegalStateException("this process has the run's certificate but not its key: it cannot serve TLS");
        }
        SslContext c = server;
        if (c == null) {
            synchronized (this) {
                if (server == null) {
                    server = build(SslContextBuilder.forServer(key, certificate));
                }
                c = server;
            }
        }
        return c.newHandler(alloc);
    }

    /** A client-side {@link SslHandler} that accepts only a server presenting the certificate. */
    public SslHandler newClientHandler(ByteBufAllocator alloc, String host, int port) {
        SslContext c = client;
        if (c == null) {
            synchronized (this) {
                if (client == null) {
                    client = build(SslContextBuilder.forClient().trustManager(new PinnedCertificateTrustManager(certificate)));
                }
                c = client;
            }
        }
        return c.newHandler(alloc, host, port);
    }

    private static SslContext build(SslContextBuilder b) {
        try {
            return b.protocols("TLSv1.3").build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private static X509Certificate certificate(byte[] der) throws GeneralSecurityException {
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
    }

    private static PrivateKey privateKey(byte[] pkcs8) throws GeneralSecurityException {
        GeneralSecurityException first = null;
        for (String algorithm : new String[] {"EC", "RSA", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            } catch (GeneralSecurityException e) {
                first = first == null ? e : first;
            }
        }
        throw new GeneralSecurityException("not an EC, RSA or Ed25519 PKCS#8 key", first);
    }

    private static byte[] pemBlock(Path file, String type) throws IOException {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        String begin = "-----BEGIN " + type + "-----";
        int from = text.indexOf(begin);
        int to = text.indexOf("-----END " + type + "-----");
        if (from < 0 || to < from) {
            String hint = type.equals("PRIVATE KEY") && text.contains("PRIVATE KEY-----")
                    ? " (convert it with: openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8)" : "";
            throw new IOException(file + ": no " + begin + " block" + hint);
        }
        try {
            return Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": the " + type + " block is not Base64", e);
        }
    }
}
