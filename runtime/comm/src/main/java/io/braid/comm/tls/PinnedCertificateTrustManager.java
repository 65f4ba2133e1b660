package io.braid.comm.tls;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;

/**
 * Trusts exactly one certificate, the run's: a server is accepted when it presents it (byte for
 * byte). No chain building, no host names: every process of a run holds the same certificate, and
 * the run secret is checked inside the TLS connection anyway.
 */
final class PinnedCertificateTrustManager extends X509ExtendedTrustManager {

    private final X509Certificate pinned;
    private final byte[] pinnedDer;

    PinnedCertificateTrustManager(X509Certificate pinned) {
        this.pinned = pinned;
        try {
            this.pinnedDer = pinned.getEncoded();
        } catch (CertificateEncodingException e) {
            throw new IllegalArgumentException("cannot encode the run's certificate: " + e.getMessage(), e);
        }
    }

    private void check(X509Certificate[] chain) throws CertificateException {
        if (chain == null || chain.length == 0 || !Arrays.equals(chain[0].getEncoded(), pinnedDer)) {
            throw new CertificateException("the peer's certificate "
                    + (chain == null || chain.length == 0 ? "is missing" : "(" + chain[0].getSubjectX500Principal()
                    + ") is not this run's (" + pinned.getSubjectX500Principal() + ")"));
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(chain);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[] {pinned};
    }
}
