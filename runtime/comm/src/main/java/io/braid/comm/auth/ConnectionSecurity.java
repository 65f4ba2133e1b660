package io.braid.comm.auth;

import io.braid.comm.tls.TlsIdentity;
import io.braid.comm.settings.CommSettings;
import io.braid.comm.settings.SettingSource;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.util.concurrent.Promise;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How the connections of a run are protected: the {@link RunSecret} every connection proves
 * (always), and optionally TLS with the run's certificate ({@link TlsIdentity}). Immutable.
 *
 * <p>A process has one ({@link #process()}): braid-run installs the run's at start; a worker
 * builds it from the environment its master gave it ({@link #fromEnvironment}, {@link
 * #workerEnvironment()}). {@code io.braid.comm.transport} uses it for every server and client
 * unless given another (the stream client of a standalone stream server has its own).
 */
public final class ConnectionSecurity {

    /** Environment variable with the run's TLS certificate (Base64 DER, one line); unset: no TLS. */
    public static final String TLS_CERT_ENV = CommSettings.TLS_CERT.environment();
    /** Environment variable with the run's TLS private key (Base64 PKCS#8 DER, one line). */
    public static final String TLS_KEY_ENV = CommSettings.TLS_KEY.environment();
    /**
     * How long a peer has to complete the handshake (TLS included) before the connection is closed,
     * unless {@code braid.handshake.timeout_ms} says otherwise ({@link #handshakeTimeoutSetting()}).
     */
    public static final long DEFAULT_HANDSHAKE_TIMEOUT_MS = CommSettings.HANDSHAKE_TIMEOUT_MS.defaultValue();

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionSecurity.class);
    private static final Object PROCESS_LOCK = new Object();
    private static volatile ConnectionSecurity process;

    private final RunSecret secret;
    private final TlsIdentity tls;
    private final long handshakeTimeoutMs;
    private final Consumer<Refusal> refusals;

    private ConnectionSecurity(RunSecret secret, TlsIdentity tls, long handshakeTimeoutMs, Consumer<Refusal> refusals) {
        this.secret = Objects.requireNonNull(secret, "secret");
        this.tls = tls;
        this.handshakeTimeoutMs = handshakeTimeoutMs;
        this.refusals = refusals;
    }

    /** Authentication with {@code secret}, no TLS, the configured handshake timeout ({@link #handshakeTimeoutSetting()}). */
    public static ConnectionSecurity of(RunSecret secret) {
        return new ConnectionSecurity(secret, null, handshakeTimeoutSetting(), r -> { });
    }

    /** The configured handshake timeout: {@code braid.handshake.timeout_ms}, or {@link #DEFAULT_HANDSHAKE_TIMEOUT_MS}. */
    public static long handshakeTimeoutSetting() {
        return CommSettings.HANDSHAKE_TIMEOUT_MS.get();
    }

    /** The same, with TLS using {@code identity} (null: without TLS). */
    public ConnectionSecurity withTls(TlsIdentity identity) {
        return new ConnectionSecurity(secret, identity, handshakeTimeoutMs, refusals);
    }

    public ConnectionSecurity withHandshakeTimeoutMs(long ms) {
        return new ConnectionSecurity(secret, tls, ms, refusals);
    }

    /** The same, also telling {@code listener} (on a network thread) of every refused connection. */
    public ConnectionSecurity withRefusalListener(Consumer<Refusal> listener) {
        return new ConnectionSecurity(secret, tls, handshakeTimeoutMs, Objects.requireNonNull(listener));
    }

    public RunSecret secret() {
        return secret;
    }

    /** The TLS identity, or null when connections are not encrypted. */
    public TlsIdentity tls() {
        return tls;
    }

    public boolean usesTls() {
        return tls != null;
    }

    public long handshakeTimeoutMs() {
        return handshakeTimeoutMs;
    }

    void refused(Refusal r) {
        try {
            refusals.accept(r);
        } catch (RuntimeException e) {
            LOG.warn("refusal listener failed: {}", e.toString());
        }
    }

    /**
     * What a worker's environment must hold for it to join this run: {@code BRAID_RUN_SECRET}, and
     * with TLS {@code BRAID_RUN_TLS_CERT} and {@code BRAID_RUN_TLS_KEY}. A worker launcher puts these into
     * the started process's environment (never its command line).
     */
    public Map<String, String> workerEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(RunSecret.ENV, secret.toHex());
        if (tls != null) {
            env.put(TLS_CERT_ENV, tls.certificateBase64());
            if (tls.canServe()) {
                env.put(TLS_KEY_ENV, tls.keyBase64());
            }
        }
        return env;
    }

    /**
     * The security a worker's master gave it in {@code env} (see {@link #workerEnvironment()}), or
     * empty when {@code BRAID_RUN_SECRET} is not set.
     *
     * @throws IllegalArgumentException naming the variable that is malformed
     */
    public static Optional<ConnectionSecurity> fromEnvironment(Map<String, String> env) {
        return fromSettings(SettingSource.ofEnvironment(env));
    }

    /** As {@link #fromEnvironment(Map)}, from {@code source}'s variables. */
    public static Optional<ConnectionSecurity> fromSettings(SettingSource source) {
        String hex = CommSettings.RUN_SECRET.get(source);
        if (hex == null) {
            return Optional.empty();
        }
        ConnectionSecurity s = of(RunSecret.parse(hex, RunSecret.ENV));
        String cert = CommSettings.TLS_CERT.get(source);
        if (cert != null) {
            s = s.withTls(TlsIdentity.fromBase64(cert, CommSettings.TLS_KEY.get(source), TLS_CERT_ENV + "/" + TLS_KEY_ENV));
        }
        return Optional.of(s);
    }

    /**
     * This process's security: the installed one, else the one its environment carries (a
     * worker), else a fresh secret without TLS, installed (a master started without braid-run,
     * e.g. in a test: its workers get the secret through {@link #workerEnvironment()}).
     */
    public static ConnectionSecurity process() {
        ConnectionSecurity s = process;
        if (s != null) {
            return s;
        }
        synchronized (PROCESS_LOCK) {
            if (process == null) {
                process = fromSettings(SettingSource.system()).orElseGet(() -> {
                    LOG.info("generated a secret for this run's connections");
                    return of(RunSecret.generate());
                });
            }
            return process;
        }
    }

    /** The installed security or the environment's, without generating one. */
    public static Optional<ConnectionSecurity> processIfConfigured() {
        ConnectionSecurity s = process;
        return s != null ? Optional.of(s) : fromSettings(SettingSource.system());
    }

    /** Makes {@code s} this process's security (braid-run at start; a worker after reading its environment). */
    public static void install(ConnectionSecurity s) {
        synchronized (PROCESS_LOCK) {
            process = Objects.requireNonNull(s, "security");
        }
    }

    /**
     * The first handlers of an accepted connection: TLS when enabled, then the handshake, which
     * calls {@code install} to add the rest of the pipeline once the peer is authenticated.
     */
    public void addServerHandlers(ChannelPipeline p, String serverName, Consumer<ChannelPipeline> install) {
        if (tls != null) {
            p.addLast("tls", tls.newServerHandler(p.channel().alloc()));
        }
        p.addLast("authHandshake", new ServerHandshake(this, serverName, install));
    }

    /**
     * The first handlers of an outgoing connection to {@code host:port}: TLS when enabled (the
     * server must present the run's certificate), then the handshake, which calls {@code install}
     * and completes {@code ready} once both sides proved the secret.
     */
    public void addClientHandlers(ChannelPipeline p, String host, int port, Consumer<ChannelPipeline> install,
                                  Promise<Void> ready) {
        if (tls != null) {
            p.addLast("tls", tls.newClientHandler(p.channel().alloc(), host, port));
        }
        p.addLast("authHandshake", (ChannelHandler) new ClientHandshake(this, install, ready));
    }

    @Override
    public String toString() {
        return "ConnectionSecurity[" + secret + (tls != null ? ", TLS" : "") + "]";
    }
}
