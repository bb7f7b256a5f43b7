package dev.wirespeed.iperf3;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Reads the captured iperf3 outputs under src/test/resources/iperf3 ('#' lines name their source). */
final class Fixtures {
    private Fixtures() {}

    static String text(String name) throws IOException {
        try (InputStream in = Fixtures.class.getResourceAsStream("/iperf3/" + name)) {
            if (in == null) {
                throw new IOException("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A fixture holding one JSON document after its comment lines. */
    static JsonNode json(String name) throws IOException {
        StringBuilder b = new StringBuilder();
        for (String line : text(name).split("\n")) {
            if (!line.startsWith("#")) {
                b.append(line).append('\n');
            }
        }
        return Control.MAPPER.readTree(b.toString());
    }

    /** The entries of parameters-3.12.txt by name: the exact JSON text each capture holds. */
    static Map<String, String> parameters() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        String name = null;
        for (String line : text("parameters-3.12.txt").split("\n")) {
            if (line.startsWith("## ")) {
                name = line.substring(3, line.indexOf(':'));
            } else if (!line.startsWith("#") && !line.isBlank() && name != null) {
                out.put(name, line);
                name = null;
            }
        }
        return out;
    }
}
