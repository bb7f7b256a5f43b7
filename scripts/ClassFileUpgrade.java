import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.lang.constant.ClassDesc;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Rewrites the pre-Java-6 class files under a package prefix of a jar as Java 8 class files with
 * StackMapTable frames (JVMS 4.10.1), in place. Run by Maven after the shaded jar is built:
 * {@code java scripts/ClassFileUpgrade.java target/wirespeed.jar picocli/}.
 *
 * <p>Why: picocli 4.7 ships Java 5 class files (major version 49). The JDK 25 AOT cache skips every
 * such "old" class ("Old class has been linked", "Unlinked class not supported by AOTClassLinking"),
 * and with them every class of ours that implements a picocli interface, so each start loaded ~180
 * classes from the jar and verified them with the slow type-inferencing verifier. The bytecode is
 * unchanged; only the version and the frames the split verifier needs are new, computed by the JDK's
 * ClassFile API from the jar's own class hierarchy. Idempotent: files already at 50+ are left alone.
 */
public final class ClassFileUpgrade {
    private static final int TARGET_MAJOR = ClassFile.JAVA_8_VERSION;
    private static final int FIRST_WITH_STACK_MAPS = ClassFile.JAVA_6_VERSION;

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java ClassFileUpgrade.java JAR PACKAGE_PREFIX (e.g. picocli/)");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        String prefix = args[1];
        try (FileSystem zip = FileSystems.newFileSystem(jar)) {
            Path root = zip.getPath("/");
            List<Path> classes = new ArrayList<>();
            try (Stream<Path> all = Files.walk(root.resolve(prefix))) {
                all.filter(p -> p.toString().endsWith(".class")).forEach(classes::add);
            }
            // The JDK's classes from the running JDK, the jar's own from the jar.
            ClassHierarchyResolver inJar = ClassHierarchyResolver.ofResourceParsing(desc -> open(root, desc));
            ClassFile classFile = ClassFile.of(
                    ClassFile.ClassHierarchyResolverOption.of(
                            ClassHierarchyResolver.defaultResolver().orElse(inJar).cached()),
                    ClassFile.StackMapsOption.GENERATE_STACK_MAPS);
            // Re-emitting every method body is what makes the API compute frames for it.
            ClassTransform upgrade = ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL)
                    .andThen((builder, element) -> {
                        if (element instanceof ClassFileVersion) {
                            builder.withVersion(TARGET_MAJOR, 0);
                        } else {
                            builder.with(element);
                        }
                    });
            int upgraded = 0;
            for (Path p : classes) {
                ClassModel model = classFile.parse(Files.readAllBytes(p));
                if (model.majorVersion() >= FIRST_WITH_STACK_MAPS) {
                    continue;
                }
                Files.write(p, classFile.transformClass(model, upgrade));
                upgraded++;
            }
            System.out.println("ClassFileUpgrade: " + upgraded + " of " + classes.size() + " classes under "
                    + prefix + " rewritten as Java 8 class files");
        }
    }

    private static InputStream open(Path root, ClassDesc desc) {
        String d = desc.descriptorString();
        Path p = root.resolve(d.substring(1, d.length() - 1) + ".class");
        try {
            return Files.exists(p) ? Files.newInputStream(p) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
