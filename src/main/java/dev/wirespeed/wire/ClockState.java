package dev.wirespeed.wire;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One side's clock as its kernel describes it, exchanged in the handshake of a trip-times test
 * ({@code TestRequest.clock}, {@code TestAccepted.clock}) so that one-way figures are given only
 * when both clocks are known to agree.
 *
 * @param bootId          /proc/sys/kernel/random/boot_id: equal on both sides means one kernel, so one
 *                        CLOCK_REALTIME (loopback, another network namespace of the same host); null when unreadable
 * @param synchronised    adjtimex(2) with modes 0: the status lacks STA_UNSYNC and the clock state is
 *                        not TIME_ERROR, i.e. an NTP or PTP daemon disciplines the clock; null when unreadable
 * @param maxErrorMicros  struct timex maxerror: the kernel's bound on the clock's error, microseconds
 * @param estErrorMicros  struct timex esterror: the estimated error, microseconds
 * @param status          struct timex status bits as read (STA_*), for the report
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClockState(String bootId, Boolean synchronised, Long maxErrorMicros, Long estErrorMicros,
                         Integer status) {
    /** Longest boot_id a peer may send (the kernel's is a 36-character UUID). */
    public static final int MAX_BOOT_ID_CHARS = 64;

    /** Refuses a peer's state that is not plausible, before it is printed or compared. */
    public void validate() throws ProtocolException {
        if (bootId != null && (bootId.length() > MAX_BOOT_ID_CHARS || !bootId.matches("[0-9A-Za-z-]*"))) {
            throw new ProtocolException("clock bootId is not a boot id");
        }
        if (maxErrorMicros != null && maxErrorMicros < 0 || estErrorMicros != null && estErrorMicros < 0) {
            throw new ProtocolException("clock error bounds must not be negative");
        }
    }
}
