package dev.wirespeed.wire;

import dev.wirespeed.guard.Printable;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * A peer's malformed frame in our words: which field, what came, what was expected — never
 * Jackson's class names ({@code dev.wirespeed.host.Counters$Scope}) or its wording, and the
 * peer's value cut short and escaped.
 */
final class WireErrors {
    private static final Pattern ACCEPTED = Pattern.compile("accepted for Enum class: \\[([^\\]]*)\\]");
    private static final int VALUE_CHARS = 40;

    private WireErrors() {}

    static String describe(JacksonException e) {
        String field = field(e);
        if (e instanceof InvalidTypeIdException t) {
            return "unknown message type '" + Printable.of(t.getTypeId(), VALUE_CHARS) + "'";
        }
        if (e instanceof InvalidFormatException f) {
            Class<?> type = f.getTargetType();
            String value = "'" + Printable.of(String.valueOf(f.getValue()), VALUE_CHARS) + "'";
            if (type != null && type.isEnum()) {
                Matcher m = ACCEPTED.matcher(String.valueOf(e.getOriginalMessage()));
                return field + value + " is not one of " + (m.find() ? m.group(1) : "the values this version knows");
            }
            return field + value + " is not " + typeName(type);
        }
        if (e instanceof ValueInstantiationException v && v.getCause() != null && v.getCause().getMessage() != null) {
            // a value our own factory refused (Direction.of: "unknown direction 'x'"): its words, escaped
            return field + Printable.of(v.getCause().getMessage(), 120);
        }
        if (e instanceof MismatchedInputException m) {
            return field + "expected " + typeName(m.getTargetType()) + (m.getCurrentToken() == null ? ""
                    : " but was " + token(m.getCurrentToken()));
        }
        // not JSON at all: the streaming parser's reason, which names no class
        String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        int nl = original.indexOf('\n');
        return "not JSON: " + Printable.of(nl < 0 ? original : original.substring(0, nl), 120);
    }

    /** "field streams[0].bytes: " or "" at the top. */
    private static String field(JacksonException e) {
        StringBuilder b = new StringBuilder();
        for (JacksonException.Reference r : e.getPath()) {
            if (r.getPropertyName() != null) {
                b.append(b.isEmpty() ? "" : ".").append(Printable.of(r.getPropertyName(), VALUE_CHARS));
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.isEmpty() ? "" : "field " + b + ": ";
    }

    private static String typeName(Class<?> type) {
        if (type == null) {
            return "a value";
        }
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class
                || type == short.class || type == Short.class) {
            return "an integer";
        }
        if (type == double.class || type == float.class || type == Double.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type.isEnum()) {
            return "a name";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "an object";
    }

    private static String token(tools.jackson.core.JsonToken t) {
        return switch (t) {
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "an integer";
            case VALUE_NUMBER_FLOAT -> "a fraction";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            case START_ARRAY -> "a list";
            case START_OBJECT -> "an object";
            default -> "something else";
        };
    }
}
