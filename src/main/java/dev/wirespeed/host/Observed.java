package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One attribute of the host as observed: its parsed value, the raw text it came from and where it
 * was seen. Three states, never conflated:
 * <ul>
 *   <li>{@code ok}: the value was read and understood;</li>
 *   <li>{@code absent}: there was nothing to read (no such file, not in the pasted output), or the
 *       kernel says "unknown" (a speed of -1, a NUMA node of -1) — the raw text is kept then;</li>
 *   <li>{@code unreadable}: something was there but could not be understood (empty file, garbage,
 *       unexpected unit, read error); the raw text and the problem are kept.</li>
 * </ul>
 * An absent or unreadable value is never replaced by zero: rules skip what they cannot see.
 *
 * @param status  ok, absent or unreadable
 * @param value   the parsed value; non-null exactly when {@code status} is ok
 * @param raw     the raw text (trimmed), null when nothing was read
 * @param source  where: a path on the inspected host, or "tool, file line N"; null when unknown
 * @param note    why it is absent or unreadable ("expected a number but was 'fast'"), else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"status", "value", "raw", "source", "note"})
public record Observed<T>(Status status, T value, String raw, String source, String note) {

    public enum Status {
        @JsonProperty("ok") OK,
        @JsonProperty("absent") ABSENT,
        @JsonProperty("unreadable") UNREADABLE
    }

    /** A parser of raw text; throws {@link IllegalArgumentException} with a one-line reason. */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(String raw);
    }

    private static final Observed<?> NOT_SEEN = new Observed<>(Status.ABSENT, null, null, null, null);

    public Observed {
        Objects.requireNonNull(status, "status");
        if ((status == Status.OK) != (value != null)) {
            throw new IllegalArgumentException("value must be present exactly when status is ok: " + status);
        }
    }

    public static <T> Observed<T> of(T value, String raw, String source) {
        return new Observed<>(Status.OK, Objects.requireNonNull(value, "value"), raw, source, null);
    }

    /** Nothing was looked at (e.g. the pasted output has no such line). */
    @SuppressWarnings("unchecked")
    public static <T> Observed<T> notSeen() {
        return (Observed<T>) NOT_SEEN;
    }

    /** Looked for at {@code source}, not there. */
    public static <T> Observed<T> absent(String source) {
        return new Observed<>(Status.ABSENT, null, null, source, null);
    }

    /** There, but saying "unknown" (e.g. speed -1 on a link that is down). */
    public static <T> Observed<T> unknown(String raw, String source, String note) {
        return new Observed<>(Status.ABSENT, null, raw, source, note);
    }

    public static <T> Observed<T> unreadable(String raw, String source, String problem) {
        return new Observed<>(Status.UNREADABLE, null, raw, source, problem);
    }

    /**
     * Parses {@code raw} (already trimmed by the caller or not): null → absent; empty or a parser
     * failure → unreadable with the parser's message.
     */
    public static <T> Observed<T> parse(String raw, String source, Parser<T> parser) {
        if (raw == null) {
            return absent(source);
        }
        String text = raw.strip();
        if (text.isEmpty()) {
            return unreadable(text, source, "empty");
        }
        try {
            T value = parser.parse(text);
            return value == null ? unreadable(text, source, "not understood") : of(value, text, source);
        } catch (IllegalArgumentException e) {
            return unreadable(text, source, e.getMessage() == null ? "not understood" : e.getMessage());
        }
    }

    @JsonIgnore
    public boolean isPresent() {
        return status == Status.OK;
    }

    @JsonIgnore
    public boolean isUnreadable() {
        return status == Status.UNREADABLE;
    }

    /** True when nothing at all is known (absent without raw text and without a source). */
    @JsonIgnore
    public boolean isNotSeen() {
        return status == Status.ABSENT && raw == null && source == null;
    }

    public Optional<T> optional() {
        return Optional.ofNullable(value);
    }

    public T orElse(T other) {
        return value != null ? value : other;
    }

    /** Same raw text and source, value transformed (ok stays ok; others keep their status). */
    public <U> Observed<U> map(Function<? super T, ? extends U> f) {
        if (status != Status.OK) {
            return new Observed<>(status, null, raw, source, note);
        }
        U u = f.apply(value);
        return u == null ? unreadable(raw, source, "not understood") : new Observed<>(Status.OK, u, raw, source, null);
    }

    /**
     * Merges two observations of the same attribute (e.g. from ibstat and from ibv_devinfo): a
     * value wins over no value, then an unreadable over an absent, then whichever has a source.
     */
    public Observed<T> or(Observed<T> other) {
        if (other == null || this.isPresent()) {
            return this;
        }
        if (other.isPresent()) {
            return other;
        }
        if (this.isUnreadable()) {
            return this;
        }
        if (other.isUnreadable()) {
            return other;
        }
        return this.source != null || this.raw != null ? this : other;
    }

    @JsonIgnore
    public Evidence evidence() {
        return new Evidence(source, raw);
    }

    /** "9000", "absent", "unreadable ('fast': expected a number)" — for inventories. */
    public String describe(Function<? super T, String> format) {
        return switch (status) {
            case OK -> format.apply(value);
            case ABSENT -> raw == null ? "absent" : "unknown ('" + raw + "')";
            case UNREADABLE -> "unreadable ('" + (raw == null ? "" : raw) + "'" + (note == null ? "" : ": " + note) + ")";
        };
    }

    public String describe() {
        return describe(String::valueOf);
    }
}
