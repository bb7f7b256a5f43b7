package dev.wirespeed;

/** The running wirespeed's version, from the jar manifest ("dev" when run from classes). */
public final class Version {
    private Version() {}

    public static String get() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    public static String software() {
        return "wirespeed " + get();
    }

    /** What {@code wirespeed --version} prints: the software, the Java runtime and the platform. */
    public static String withRuntime() {
        return software() + " (Java " + Runtime.version() + ", " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + ")";
    }
}
