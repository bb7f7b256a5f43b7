package dev.wirespeed.parse;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The concrete classes of one type below dev.wirespeed.parse, as the build compiled them (no hand-kept list). */
final class BuiltClasses {
    private BuiltClasses() {}

    static <T> List<Class<? extends T>> below(Class<T> type) {
        try {
            Path classes = Path.of(ParsedRecord.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            List<Class<? extends T>> found = new ArrayList<>();
            try (Stream<Path> files = Files.walk(classes.resolve("dev/wirespeed/parse"))) {
                for (Path f : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                    String name = classes.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                    Class<?> c = Class.forName(name, false, BuiltClasses.class.getClassLoader());
                    if (type.isAssignableFrom(c) && !c.isInterface() && !Modifier.isAbstract(c.getModifiers())) {
                        found.add(c.asSubclass(type));
                    }
                }
            }
            return found;
        } catch (IOException | URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
