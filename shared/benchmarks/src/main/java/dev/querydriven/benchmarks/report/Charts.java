package dev.querydriven.benchmarks.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.querydriven.benchmarks.measure.CpuShares;
import dev.querydriven.benchmarks.measure.Roles;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The summary's charts, drawn with JFreeChart as PNG files.
 */
final class Charts {

	private static final int WIDTH = 1000;

	private static final int HEIGHT = 520;

	private static final Color[] LAYER_COLORS = { new Color(0x4e79a7), new Color(0xf28e2b), new Color(0x59a14f),
			new Color(0xe15759) };

	/**
	 * The layers of the ingestion chart, one colour each: the intents' baseline has a
	 * section of its own in the summary.
	 */
	static final List<Layer> INGESTION_LAYERS = List.of(Layer.RAW_ROWS, Layer.DRIVER, Layer.SERVICE, Layer.HTTP);

	private Charts() {
	}

	/**
	 * Draws every chart.
	 * @param result the run
	 * @param directory where the PNG files go
	 * @return the charts, by file name, with their titles
	 */
	static List<Chart> draw(SuiteResult result, Path directory) {
		System.setProperty("java.awt.headless", "true");
		try {
			Files.createDirectories(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<Chart> charts = new ArrayList<>();
		charts.add(save(throughputRatios(result), directory, "layers-throughput.png",
				"Throughput of each layer relative to the raw driver (same statements, same concurrency)"));
		charts.add(save(medianLatencies(result), directory, "layers-latency.png",
				"Median latency of each layer, ms (log scale)"));
		charts.add(save(cpuShares(result), directory, "cpu-shares.png",
				"Who used the CPU during each closed-model window (share of all cores)"));
		charts.add(save(openModel(result), directory, "open-model.png",
				"HTTP at fixed arrival rates: p99 latency as the offered rate approaches saturation"));
		if (result.workloads().stream().anyMatch((workload) -> workload.closed(Layer.RAW_ROWS).isPresent())) {
			charts.add(save(ingestion(result), directory, "ingestion.png",
					"Ingestion: readings per second, by batch size and layer"));
		}
		return charts;
	}

	private static JFreeChart throughputRatios(SuiteResult result) {
		DefaultCategoryDataset data = new DefaultCategoryDataset();
		for (WorkloadResult workload : hottest(result)) {
			Optional<Run> driver = workload.closed(Layer.DRIVER);
			if (driver.isEmpty() || driver.get().outcome().throughput() <= 0) {
				continue;
			}
			double raw = driver.get().outcome().throughput();
			for (Layer layer : List.of(Layer.DRIVER, Layer.SERVICE, Layer.HTTP)) {
				workload.closed(layer)
					.ifPresent(
							(run) -> data.addValue(run.outcome().throughput() / raw, layer.title(), label(workload)));
			}
		}
		JFreeChart chart = ChartFactory.createBarChart(null, null, "× raw driver throughput", data,
				PlotOrientation.VERTICAL, true, false, false);
		CategoryPlot plot = style(chart);
		plot.addRangeMarker(goal(Goals.SERVICE_WRITE_THROUGHPUT, "service-layer write goal"));
		return chart;
	}

	private static JFreeChart medianLatencies(SuiteResult result) {
		DefaultCategoryDataset data = new DefaultCategoryDataset();
		for (WorkloadResult workload : hottest(result)) {
			for (Layer layer : List.of(Layer.DRIVER, Layer.SERVICE, Layer.HTTP)) {
				workload.closed(layer)
					.filter((run) -> run.outcome().latency().p50() > 0)
					.ifPresent((run) -> data.addValue(run.outcome().latency().p50(), layer.title(), label(workload)));
			}
		}
		JFreeChart chart = ChartFactory.createBarChart(null, null, "p50 latency (ms)", data, PlotOrientation.VERTICAL,
				true, false, false);
		CategoryPlot plot = style(chart);
		LogAxis axis = new LogAxis("p50 latency (ms)");
		axis.setSmallestValue(0.05);
		plot.setRangeAxis(axis);
		return chart;
	}

	private static JFreeChart cpuShares(SuiteResult result) {
		DefaultCategoryDataset data = new DefaultCategoryDataset();
		List<String> roles = List.of(Roles.GENERATOR, Roles.GENERATOR_AND_SERVICE, Roles.SERVICE, Roles.NODE);
		for (WorkloadResult workload : hottest(result)) {
			for (Layer layer : List.of(Layer.DRIVER, Layer.SERVICE, Layer.HTTP)) {
				Optional<Run> run = workload.closed(layer);
				if (run.isEmpty()) {
					continue;
				}
				String category = label(workload) + " · " + shortTitle(layer);
				CpuShares cpu = run.get().cpu();
				for (String role : roles) {
					double share = cpu.of(role);
					data.addValue(Double.isNaN(share) ? 0 : share, role, category);
				}
				data.addValue(Double.isNaN(cpu.other()) ? 0 : cpu.other(), "other processes", category);
				data.addValue(Double.isNaN(cpu.idle()) ? 0 : cpu.idle(), "idle", category);
			}
		}
		JFreeChart chart = ChartFactory.createStackedBarChart(null, null, "share of all cores", data,
				PlotOrientation.VERTICAL, true, false, false);
		CategoryPlot plot = style(chart);
		plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_90);
		plot.getDomainAxis().setTickLabelFont(new Font("SansSerif", Font.PLAIN, 9));
		((NumberAxis) plot.getRangeAxis()).setRange(0, 1);
		BarRenderer renderer = (BarRenderer) plot.getRenderer();
		Color[] colors = { new Color(0xf28e2b), new Color(0xedc948), new Color(0x59a14f), new Color(0x4e79a7),
				new Color(0xbab0ac), new Color(0xf4f4f4) };
		for (int i = 0; i < colors.length; i++) {
			renderer.setSeriesPaint(i, colors[i]);
		}
		return chart;
	}

	private static JFreeChart openModel(SuiteResult result) {
		XYSeriesCollection data = new XYSeriesCollection();
		for (WorkloadResult workload : hottest(result)) {
			Optional<Run> closed = workload.closed(Layer.HTTP);
			if (closed.isEmpty() || closed.get().outcome().throughput() <= 0) {
				continue;
			}
			XYSeries series = new XYSeries(label(workload));
			for (Run run : workload.runs()) {
				if (Run.OPEN.equals(run.model()) && run.outcome().latency().p99() > 0) {
					series.add(100 * run.offeredRate() / closed.get().outcome().throughput(),
							run.outcome().latency().p99());
				}
			}
			if (!series.isEmpty()) {
				data.addSeries(series);
			}
		}
		JFreeChart chart = ChartFactory.createXYLineChart(null, "offered rate, % of the closed model's throughput",
				"p99 latency (ms)", data, PlotOrientation.VERTICAL, true, false, false);
		chart.setBackgroundPaint(Color.WHITE);
		XYPlot plot = chart.getXYPlot();
		plot.setBackgroundPaint(Color.WHITE);
		plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
		plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
		LogAxis axis = new LogAxis("p99 latency (ms)");
		axis.setSmallestValue(0.1);
		plot.setRangeAxis(axis);
		XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
		for (int i = 0; i < data.getSeriesCount(); i++) {
			renderer.setSeriesStroke(i, new BasicStroke(2f));
		}
		plot.setRenderer(renderer);
		return chart;
	}

	private static JFreeChart ingestion(SuiteResult result) {
		DefaultCategoryDataset data = new DefaultCategoryDataset();
		for (WorkloadResult workload : result.workloads()) {
			if (workload.closed(Layer.RAW_ROWS).isEmpty()) {
				continue;
			}
			int rows = workload.info().rowsPerRequest();
			for (Layer layer : INGESTION_LAYERS) {
				workload.closed(layer)
					.ifPresent(
							(run) -> data.addValue(run.outcome().throughput() * ((layer == Layer.RAW_ROWS) ? 1 : rows),
									layer.title(), "batches of " + String.format("%,d", rows)));
			}
		}
		JFreeChart chart = ChartFactory.createBarChart(null, null, "readings per second", data,
				PlotOrientation.VERTICAL, true, false, false);
		style(chart);
		return chart;
	}

	private static CategoryPlot style(JFreeChart chart) {
		chart.setBackgroundPaint(Color.WHITE);
		CategoryPlot plot = chart.getCategoryPlot();
		plot.setBackgroundPaint(Color.WHITE);
		plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
		CategoryAxis domain = plot.getDomainAxis();
		domain.setMaximumCategoryLabelLines(3);
		BarRenderer renderer = (BarRenderer) plot.getRenderer();
		renderer.setBarPainter(new StandardBarPainter());
		renderer.setShadowVisible(false);
		for (int i = 0; i < LAYER_COLORS.length; i++) {
			renderer.setSeriesPaint(i, LAYER_COLORS[i]);
		}
		return plot;
	}

	private static ValueMarker goal(double value, String label) {
		ValueMarker marker = new ValueMarker(value, Color.GRAY,
				new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] { 6f, 4f }, 0f));
		marker.setLabel(label + " " + value + "×");
		marker.setLabelFont(new Font("SansSerif", Font.PLAIN, 10));
		marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
		marker.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
		return marker;
	}

	private static List<WorkloadResult> hottest(SuiteResult result) {
		return result.workloads().stream().filter((workload) -> workload.info().hottest()).toList();
	}

	private static String label(WorkloadResult workload) {
		return workload.info().id();
	}

	private static String shortTitle(Layer layer) {
		return switch (layer) {
			case RAW_ROWS -> "rows";
			case DRIVER -> "driver";
			case DRIVER_WITHOUT_INTENTS -> "driver w/o intents";
			case SERVICE -> "service";
			case HTTP -> "HTTP";
			case LEAN_PEER -> "lean peer";
		};
	}

	private static Chart save(JFreeChart chart, Path directory, String file, String title) {
		try {
			ChartUtils.saveChartAsPNG(directory.resolve(file).toFile(), chart, WIDTH, HEIGHT);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return new Chart(file, title);
	}

	/**
	 * A chart.
	 *
	 * @param file its PNG file's name
	 * @param title what it shows
	 */
	record Chart(String file, String title) {

	}

}
