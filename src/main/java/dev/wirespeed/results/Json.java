package dev.wirespeed.results;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper for everything wirespeed prints or stores. */
public final class Json {
    private Json() {}

    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    public static String pretty(Object value) {
        return MAPPER.writeValueAsString(value);
    }
}
