/**
 * perftest (linux-rdma/perftest), known in one place: which programs wirespeed starts and which of
 * their options a peer may pass ({@link dev.wirespeed.perftest.PerftestArgs}), how one is started,
 * watched and stopped ({@link dev.wirespeed.perftest.PerftestProcess}, over
 * {@link dev.wirespeed.io.ExternalProcess}), and what its output measured
 * ({@link dev.wirespeed.perftest.PerftestOutput}, read with explain's parser into a
 * {@link dev.wirespeed.results.Measurement}). {@code rdma} (bw/lat --rdma), {@code cluster} (an
 * agent's perftest) and {@code run} (a campaign's perftest engine) use it.
 */
package dev.wirespeed.perftest;
