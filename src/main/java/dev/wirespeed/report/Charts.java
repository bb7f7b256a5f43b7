package dev.wirespeed.report;

import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Numbers;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/**
 * Draws a {@link ChartSpec} with JFreeChart into an SVG element (JFreeSVG), for inlining in HTML.
 * The SVG carries a viewBox and no fixed size, so it takes the width of the page; the legend wraps
 * onto as many lines as it needs, and the chart grows to hold them.
 */
public final class Charts {
    public static final int WIDTH = 860;
    public static final int HEIGHT = 400;
    /** Below this many pixels per label, size ticks skip powers of two ("128 KiB" is about 50 px wide). */
    private static final int PIXELS_PER_SIZE_LABEL = 66;
    /** Colour-blind-safe palette (Okabe & Ito, "Color Universal Design", 2002), yellow last (faint on white). */
    private static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
        new Color(0xCC79A7), new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0xF0E442)};
    private static final Font TEXT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font AXIS = new Font(Font.SANS_SERIF, Font.PLAIN, 13);

    static {
        // Charts are drawn without a display (servers, CI); AWT must not look for one.
        System.setProperty("java.awt.headless", "true");
        // JFreeChart draws rotated text (the y axis title) as a TextLayout outline by default: glyph
        // paths in the SVG, which a browser cannot select, search or read out. Drawn as a string it
        // stays a <text> element with a rotation.
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private Charts() {}

    /** How many colours the palette has: a chart's series beyond this share colours, drawn dashed. */
    public static final int PALETTE_SIZE = 8;

    /** The colour of a palette index ({@link ChartColours} chose it). */
    static Color colour(int index) {
        return PALETTE[Math.floorMod(index, PALETTE.length)];
    }

    /** The palette as CSS hex colours, for tests and documentation. */
    public static List<String> paletteHex() {
        List<String> out = new ArrayList<>();
        for (Color c : PALETTE) {
            out.add(String.format(Locale.ROOT, "#%06X", c.getRGB() & 0xFFFFFF));
        }
        return out;
    }

    /**
     * The chart as an SVG element. Laying out its text needs a font known to AWT: without
     * fontconfig or any font (a bare container), the JDK fails inside its font code; that becomes
     * one line naming the packages.
     */
    public static String svg(ChartSpec spec) {
        try {
            return draw(spec);
        } catch (InternalError | UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new IllegalStateException("cannot draw charts: Java found no usable font (install fontconfig and a "
                    + "font, e.g. apt-get install fontconfig fonts-dejavu-core): " + e.getMessage(), e);
        }
    }

    private static String draw(ChartSpec spec) {
        JFreeChart chart = spec.bars() ? bars(spec) : lines(spec);
        chart.setBackgroundPaint(Color.WHITE);
        // A tick label centred on the axis' last value reaches past the plot by half its width:
        // the padding keeps it inside the chart (ReportChromiumIT measures it in a browser).
        chart.setPadding(new RectangleInsets(6, 12, 6, 36));
        chart.setTitle(new TextTitle(spec.title(), new Font(Font.SANS_SERIF, Font.BOLD, 15)));
        chart.getTitle().setMaximumLinesToDisplay(2);
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setItemFont(TEXT);
            legend.setFrame(BlockBorder.NONE);
            legend.setPosition(RectangleEdge.BOTTOM);
            legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 10));
        }
        int height = HEIGHT;
        height += legendHeight(spec);
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, height);
        chart.draw(g, new Rectangle(0, 0, WIDTH, height));
        // No width or height: the viewBox scales the chart to the page (CSS sets width: 100%).
        return g.getSVGElement(null, false, new ViewBox(0, 0, WIDTH, height), null, null);
    }

    /** Extra height for a legend that wraps: its text measured with the legend's font. */
    static int legendHeight(ChartSpec spec) {
        if (spec.series().isEmpty()) {
            return 0;
        }
        BufferedImage scratch = new BufferedImage(1, 1,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scratch.createGraphics();
        try {
            var metrics = g.getFontMetrics(TEXT);
            double line = 0;
            int lines = 1;
            for (ChartSpec.Series s : spec.series()) {
                double w = metrics.stringWidth(s.name()) + 34;
                if (line > 0 && line + w > WIDTH - 20) {
                    lines++;
                    line = 0;
                }
                line += w;
            }
            return (lines - 1) * 18;
        } finally {
            g.dispose();
        }
    }

    private static JFreeChart lines(ChartSpec spec) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeriesCollection second = new XYSeriesCollection();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, spec.x() != ChartSpec.XAxis.NINES);
        XYLineAndShapeRenderer r2 = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < spec.series().size(); i++) {
            ChartSpec.Series s = spec.series().get(i);
            XYSeries xy = new XYSeries(s.name(), true, true);
            s.points().forEach(p -> xy.addOrUpdate(p[0], p[1]));
            XYSeriesCollection into = spec.onSecondary(i) ? second : data;
            XYLineAndShapeRenderer renderer = spec.onSecondary(i) ? r2 : r;
            int k = into.getSeriesCount();
            into.addSeries(xy);
            renderer.setSeriesPaint(k, colour(s.colour()));
            // Only a chart with more series than colours repeats one: dashes tell those apart.
            renderer.setSeriesStroke(k, s.dashed()
                    ? new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f)
                    : new BasicStroke(2f));
        }
        XYPlot plot = new XYPlot(data, xAxis(spec), yAxis(spec), null);
        plot.setRenderer(r);
        if (spec.secondary() != null) {
            NumberAxis right = new NumberAxis(spec.secondary().label());
            right.setAutoRangeIncludesZero(true);
            right.setLabelFont(AXIS);
            right.setTickLabelFont(TEXT);
            right.setNumberFormatOverride(new PlainFormat());
            plot.setRangeAxis(1, right);
            plot.setDataset(1, second);
            plot.mapDatasetToRangeAxis(1, 1);
            plot.setRenderer(1, r2);
        }
        style(plot);
        return new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    private static ValueAxis xAxis(ChartSpec spec) {
        double lo = spec.series().stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[0]).min().orElse(0);
        double hi = spec.series().stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[0]).max().orElse(1);
        ValueAxis axis = switch (spec.x()) {
            case SIZE_LOG2 -> new SizeAxis(spec.xLabel(), Math.max(1, lo), Math.max(hi, lo * 2));
            case RATE -> {
                if (lo > 0 && hi / lo > 10) {
                    DecadeAxis a = new DecadeAxis(spec.xLabel(), new RateFormat("bit/s"));
                    a.setRange(lo / 1.5, hi * 1.5);
                    yield a;
                }
                NumberAxis a = new NumberAxis(spec.xLabel());
                a.setAutoRangeIncludesZero(false);
                a.setNumberFormatOverride(new RateFormat("bit/s"));
                yield a;
            }
            case NINES -> {
                NumberAxis a = new NinesAxis(spec.xLabel());
                a.setRange(0, Math.max(2, Math.ceil(hi)) + 0.1);
                yield a;
            }
            case TIME -> {
                NumberAxis a = new NumberAxis(spec.xLabel());
                a.setRange(0, hi <= 0 ? 1 : hi);
                yield a;
            }
            case LINEAR -> {
                NumberAxis a = new NumberAxis(spec.xLabel());
                a.setAutoRangeIncludesZero(false);
                boolean whole = spec.series().stream().flatMap(s -> s.points().stream()).allMatch(p -> p[0] == Math.rint(p[0]));
                if (whole) {
                    a.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
                }
                yield a;
            }
        };
        axis.setLabelFont(AXIS);
        axis.setTickLabelFont(TEXT);
        return axis;
    }

    /**
     * The value axis: base-10 logarithmic when the values span more than two decades, else linear;
     * rate ticks carry a decimal prefix and the unit ("500 Mbit/s", "10 Gbit/s").
     */
    private static ValueAxis yAxis(ChartSpec spec) {
        NumberFormat format = spec.yRate() != null ? new RateFormat(spec.yRate()) : new PlainFormat();
        ValueAxis axis;
        if (spec.yLog()) {
            axis = new DecadeAxis(spec.yLabel(), format);
        } else {
            NumberAxis n = new NumberAxis(spec.yLabel());
            n.setAutoRangeIncludesZero(spec.yFromZero());
            // plain numbers too: the default format groups thousands ("1,000"), which reads as two numbers
            n.setNumberFormatOverride(format);
            axis = n;
        }
        axis.setLabelFont(AXIS);
        axis.setTickLabelFont(TEXT);
        return axis;
    }

    /** Groups of bars (the categories), one bar per series in each, the series in their colours and the legend. */
    private static JFreeChart bars(ChartSpec spec) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (ChartSpec.Series s : spec.series()) {
            for (double[] p : s.points()) {
                data.addValue(p[1], s.name(), spec.categories().get((int) p[0]));
            }
        }
        ValueAxis value = yAxis(spec);
        CategoryAxis category = new CategoryAxis(spec.xLabel().isEmpty() ? null : spec.xLabel());
        category.setTickLabelFont(TEXT);
        category.setMaximumCategoryLabelLines(2);
        BarRenderer renderer = new BarRenderer();
        CategoryPlot plot = new CategoryPlot(data, category, value, renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.05);
        renderer.setMaximumBarWidth(0.12);
        // a log axis has no zero: the bars rise from the axis' lower end, which fits the data alone
        renderer.setIncludeBaseInRange(!spec.yLog());
        for (int i = 0; i < spec.series().size(); i++) {
            renderer.setSeriesPaint(i, colour(spec.series().get(i).colour()));
        }
        plot.setBackgroundPaint(new Color(0xF7F7F7));
        plot.setRangeGridlinePaint(new Color(0xBBBBBB));
        return new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    /**
     * Sizes on a base-2 log axis, a tick at each power of two in binary units ("2 B", "4 KiB",
     * "1 MiB"); when they would crowd, every second (third …) power.
     */
    static final class SizeAxis extends LogAxis {
        SizeAxis(String label, double lo, double hi) {
            super(label);
            setBase(2);
            setSmallestValue(1);
            setRange(lo / Math.sqrt(2), hi * Math.sqrt(2));
            setNumberFormatOverride(new SizeFormat());
        }

        @Override
        protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
            return ticks(dataArea.getWidth());
        }

        @Override
        protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
            return ticks(dataArea.getHeight());
        }

        @Override
        public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            return ticks(RectangleEdge.isTopOrBottom(edge) ? dataArea.getWidth() : dataArea.getHeight());
        }

        List<NumberTick> ticks(double pixels) {
            int first = (int) Math.ceil(Math.log(getLowerBound()) / Math.log(2) - 1e-9);
            int last = (int) Math.floor(Math.log(getUpperBound()) / Math.log(2) + 1e-9);
            int count = last - first + 1;
            int step = Math.max(1, (int) Math.ceil(count * PIXELS_PER_SIZE_LABEL / Math.max(1, pixels)));
            List<NumberTick> out = new ArrayList<>();
            for (int e = first; e <= last; e++) {
                if (Math.floorMod(e, step) == 0) {
                    double v = Math.pow(2, e);
                    out.add(new NumberTick(v, ByteSize.formatExact(Math.round(v)), TextAnchor.TOP_CENTER,
                            TextAnchor.CENTER, 0.0));
                }
            }
            return out;
        }
    }

    /**
     * A base-10 log axis ticked at 1, 10, 100 … (and 2, 5 between them when it spans few decades),
     * labelled by {@code format}: plain decimals (0.01, 10) or rates ("10 Mbit/s", "1 Gbit/s").
     */
    static final class DecadeAxis extends LogAxis {
        private final NumberFormat format;

        DecadeAxis(String label, NumberFormat format) {
            super(label);
            this.format = format;
            setBase(10);
            setSmallestValue(1e-3);
            setNumberFormatOverride(format);
        }

        @Override
        public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            int first = (int) Math.floor(Math.log10(getLowerBound()));
            int last = (int) Math.ceil(Math.log10(getUpperBound()));
            double[] steps = last - first <= 3 ? new double[] {1, 2, 5} : new double[] {1};
            boolean vertical = !RectangleEdge.isTopOrBottom(edge);
            List<NumberTick> out = new ArrayList<>();
            for (int e = first; e <= last; e++) {
                for (double s : steps) {
                    double v = s * Math.pow(10, e);
                    if (v >= getLowerBound() && v <= getUpperBound()) {
                        out.add(new NumberTick(v, format.format(v),
                                vertical ? TextAnchor.CENTER_RIGHT : TextAnchor.TOP_CENTER, TextAnchor.CENTER, 0.0));
                    }
                }
            }
            return out;
        }
    }

    /**
     * Rate tick labels with a decimal prefix and the unit: "0 bit/s", "500 Mbit/s", "2.5 Gbit/s",
     * "150 kIOPS" (1 Gbit/s = 10^9 bit/s); never a grouped or E-notation number.
     */
    static final class RateFormat extends NumberFormat {
        private static final String[] PREFIXES = {"", "k", "M", "G", "T", "P"};
        private final String unit;

        RateFormat(String unit) {
            this.unit = unit;
        }

        static String format(double v, String unit) {
            if (v == 0) {
                return "0 " + unit;
            }
            int i = 0;
            double x = Math.abs(v);
            while (x >= 1000 && i < PREFIXES.length - 1) {
                x /= 1000;
                i++;
            }
            String n = new BigDecimal(x).round(new MathContext(3)).stripTrailingZeros().toPlainString();
            return (v < 0 ? "-" : "") + n + " " + PREFIXES[i] + unit;
        }

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return to.append(format(number, unit));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(format((double) number, unit));
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            return null;
        }
    }

    /** Percentiles on the nines scale: a tick at 0 %, 90 %, 99 %, 99.9 % … */
    static final class NinesAxis extends NumberAxis {
        NinesAxis(String label) {
            super(label);
        }

        @Override
        public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            List<NumberTick> out = new ArrayList<>();
            for (int n = 0; n <= (int) Math.floor(getUpperBound() + 1e-9); n++) {
                out.add(new NumberTick((double) n, nines(n), TextAnchor.TOP_CENTER, TextAnchor.CENTER, 0.0));
            }
            return out;
        }

        /** 0 → "0 %", 1 → "90 %", 2 → "99 %", 3 → "99.9 %". */
        static String nines(int n) {
            if (n == 0) {
                return "0 %";
            }
            return new BigDecimal("100").subtract(BigDecimal.ONE.movePointLeft(n - 2))
                    .stripTrailingZeros().toPlainString() + " %";
        }
    }

    /** Size labels for any axis that asks its format: "2 B", "64 KiB", "1 MiB". */
    static final class SizeFormat extends NumberFormat {
        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return to.append(ByteSize.formatExact(Math.round(number)));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(ByteSize.formatExact(number));
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            return null;
        }
    }

    /** Log-axis labels as plain decimals (0.01, 0.1, 1, 10, 100), never 1E-2. */
    static final class PlainFormat extends NumberFormat {
        private final DecimalFormat fallback = new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return number >= 1 ? fallback.format(number, to, pos) : to.append(Numbers.significant(number, 2));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(number);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            return null;
        }
    }

    private static void style(XYPlot plot) {
        plot.setBackgroundPaint(new Color(0xF7F7F7));
        plot.setDomainGridlinePaint(new Color(0xBBBBBB));
        plot.setRangeGridlinePaint(new Color(0xBBBBBB));
    }
}
