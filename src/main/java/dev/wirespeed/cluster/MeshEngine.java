package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** What measures each pair of a mesh; the label is the --engine value and the JSON's "engine". */
public enum MeshEngine {
    /** wirespeed's own TCP bandwidth test, run by the client's agent. */
    TCP("tcp"),
    /** perftest's ib_*_bw between the agents (RDMA). */
    PERFTEST("perftest");

    private final String label;

    MeshEngine(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    public static Optional<MeshEngine> of(String label) {
        return Arrays.stream(values()).filter(e -> e.label.equals(label)).findFirst();
    }

    /** "tcp, perftest". */
    public static String labels() {
        return Arrays.stream(values()).map(MeshEngine::label).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return label;
    }
}
