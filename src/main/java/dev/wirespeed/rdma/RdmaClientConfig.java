package dev.wirespeed.rdma;

import dev.wirespeed.perftest.PerftestArgs;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * @param host            the wirespeed server, also perftest's peer
 * @param port            the wirespeed server's port
 * @param program         one of {@link PerftestArgs#PROGRAMS}
 * @param args            both sides' arguments (without HOST)
 * @param timeoutMillis   to connect and for each of the server's answers
 * @param reverse         -R: perftest's server runs here and its client on HOST, so the data
 *                        flows from HOST to this host
 */
public record RdmaClientConfig(String host, int port, String program, List<String> args, int timeoutMillis,
                               BooleanSupplier cancelled, boolean reverse) {}
