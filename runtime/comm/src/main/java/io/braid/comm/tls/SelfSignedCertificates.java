package io.braid.comm.tls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Makes a self-signed X.509 certificate for a fresh EC P-256 key with the JDK alone: the
 * certificate's DER is written here (a v1 certificate: serial, ecdsa-with-SHA256, CN, validity,
 * the key) and signed with {@code SHA256withECDSA}. Netty's {@code SelfSignedCertificate} needs
 * BouncyCastle or the JDK's {@code sun.security.x509}, which Java 17 no longer exports; see
 * docs/DESIGN.md ("Connection security"). Peers trust the certificate by pinning it, so it needs no
 * extensions and no host names.
 */
public final class SelfSignedCertificates {

    private static final byte[] ECDSA_WITH_SHA256 = {0x06, 0x08, 0x2A, (byte) 0x86, 0x48, (byte) 0xCE, 0x3D, 0x04, 0x03, 0x02};
    private static final byte[] COMMON_NAME = {0x06, 0x03, 0x55, 0x04, 0x03};
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();

    private SelfSignedCertificates() {
    }

    /** A new key pair and a certificate for it named {@code CN=commonName}, valid from an hour ago for {@code validity}. */
    public static TlsIdentity generate(String commonName, Duration validity) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            KeyPair keys = g.generateKeyPair();
            Instant now = Instant.now();
            byte[] name = seq(set(seq(COMMON_NAME, tlv(0x0C, commonName.getBytes(StandardCharsets.UTF_8)))));
            byte[] tbs = seq(
                    tlv(0x02, new BigInteger(63, RANDOM).add(BigInteger.ONE).toByteArray()),
                    seq(ECDSA_WITH_SHA256),
                    name,
                    seq(utcTime(now.minus(Duration.ofHours(1))), utcTime(now.plus(validity))),
                    name,
                    keys.getPublic().getEncoded()); // already a SubjectPublicKeyInfo
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(keys.getPrivate());
            signer.update(tbs);
            byte[] signature = signer.sign();
            byte[] bits = new byte[signature.length + 1]; // BIT STRING: no unused bits
            System.arraycopy(signature, 0, bits, 1, signature.length);
            byte[] der = seq(tbs, seq(ECDSA_WITH_SHA256), tlv(0x03, bits));
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
            cert.verify(keys.getPublic());
            return new TlsIdentity(cert, keys.getPrivate());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make a self-signed certificate: " + e, e);
        }
    }

    private static byte[] utcTime(Instant t) {
        return tlv(0x17, UTC_TIME.format(t).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] seq(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    private static byte[] set(byte[]... parts) {
        return tlv(0x31, concat(parts));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** DER tag-length-value with a definite length (short form below 128, long form above). */
    private static byte[] tlv(int tag, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length + 6);
        out.write(tag);
        int n = value.length;
        if (n < 128) {
            out.write(n);
        } else {
            int bytes = (32 - Integer.numberOfLeadingZeros(n) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(n >>> (8 * i));
            }
        }
        out.writeBytes(value);
        return out.toByteArray();
    }
}
