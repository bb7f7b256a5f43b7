package dev.wirespeed.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/** Draws a {@link ChartSpec} with JFreeChart into an SVG element (JFreeSVG), for inlining in HTML. */
public final class Charts {
    public static final int WIDTH = 760;
    public static final int HEIGHT = 380;
    /** Colour-blind-safe palette (Okabe & Ito, "Color Universal Design", 2002). */
    private static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
        new Color(0xCC79A7), new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0xF0E442)};

    static {
        // Charts are drawn without a display (servers, CI); AWT must not look for one.
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {}

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
        chart.setTitle(new TextTitle(spec.title(), new Font(Font.SANS_SERIF, Font.BOLD, 15)));
        int height = spec.bars() ? Math.max(200, 110 + 34 * spec.categories().size()) : HEIGHT;
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, height);
        chart.draw(g, new Rectangle(0, 0, WIDTH, height));
        return g.getSVGElement();
    }

    private static JFreeChart lines(ChartSpec spec) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (ChartSpec.Series s : spec.series()) {
            XYSeries xy = new XYSeries(s.name(), true, true);
            s.points().forEach(p -> xy.addOrUpdate(p[0], p[1]));
            data.addSeries(xy);
        }
        NumberAxis y = new NumberAxis(spec.yLabel());
        y.setAutoRangeIncludesZero(true);
        NumberAxis linearX = new NumberAxis(spec.xLabel());
        XYPlot plot;
        if (spec.xLog2()) {
            LogAxis x = new LogAxis(spec.xLabel());
            x.setBase(2);
            x.setTickUnit(new NumberTickUnit(2));
            x.setNumberFormatOverride(new BinarySizeFormat());
            x.setSmallestValue(1);
            plot = new XYPlot(data, x, y, null);
        } else {
            linearX.setAutoRangeIncludesZero(false);
            boolean whole = spec.series().stream().flatMap(s -> s.points().stream()).allMatch(p -> p[0] == Math.rint(p[0]));
            if (whole) {
                linearX.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            }
            plot = new XYPlot(data, linearX, y, null);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            r.setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setRenderer(r);
        style(plot);
        return new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    private static JFreeChart bars(ChartSpec spec) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (ChartSpec.Series s : spec.series()) {
            for (double[] p : s.points()) {
                data.addValue(p[1], s.name(), spec.categories().get((int) p[0]));
            }
        }
        CategoryPlot plot = new CategoryPlot(data, new org.jfree.chart.axis.CategoryAxis(spec.xLabel()),
                new NumberAxis(spec.yLabel()), new BarRenderer());
        // Horizontal bars: category names (series of a campaign) stay readable at any length.
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        for (int i = 0; i < data.getRowCount(); i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
        plot.setBackgroundPaint(new Color(0xF7F7F7));
        plot.setRangeGridlinePaint(new Color(0xBBBBBB));
        return new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    /** Axis labels of message sizes as people write them: 2, 512, 4K, 64K, 1M, 8M (binary). */
    static final class BinarySizeFormat extends java.text.NumberFormat {
        @Override
        public StringBuffer format(double number, StringBuffer to, java.text.FieldPosition pos) {
            return format(Math.round(number), to, pos);
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, java.text.FieldPosition pos) {
            String[] units = {"", "K", "M", "G", "T"};
            int u = 0;
            long v = number;
            while (u < units.length - 1 && v >= 1024 && v % 1024 == 0) {
                v /= 1024;
                u++;
            }
            return to.append(v).append(units[u]);
        }

        @Override
        public Number parse(String source, java.text.ParsePosition pos) {
            return null;
        }
    }

    private static void style(XYPlot plot) {
        plot.setBackgroundPaint(new Color(0xF7F7F7));
        plot.setDomainGridlinePaint(new Color(0xBBBBBB));
        plot.setRangeGridlinePaint(new Color(0xBBBBBB));
    }
}
