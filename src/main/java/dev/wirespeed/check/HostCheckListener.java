package dev.wirespeed.check;


/** What a front end shows between the steps. */
public interface HostCheckListener {
    default void doctor(HostCheck.Doctor doctor) {}

    default void limits(HostCheck.Limits limits) {}

    /**
     * A test starts. {@code detail}: the TCP test's streams, the follow-up's seconds, the UDP
     * test's datagram bytes.
     */
    default void testing(HostCheck.Step step, int detail) {}

    /** The test that started last has ended. */
    default void tested(HostCheck.Step step) {}
}
