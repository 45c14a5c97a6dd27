package ${package};

import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import ${package}.note.NoteService;
import ${package}.seed.DemoDataSeeder;
import ${package}.seed.SeedProperties;
import dev.querydriven.modelcheck.MeasuredTable;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.harness.ModelCheckHarness;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partitions of the model, measured on the test node after loading demo data, against
 * the model check's estimates (the checklist itself runs in the conformance tests). The
 * full report, measured figures included, is written to {@code target/model-check/}.
 */
@${serviceName}IntegrationTest
class MeasuredPartitionsIntegrationTests {

	/**
	 * A small volume of the dev seeder's data: enough rows for the node's partition
	 * figures to mean something, few enough to keep this test within seconds. Its own id
	 * namespace keeps it apart from other tests on the same node.
	 */
	private static final SeedProperties VOLUME = new SeedProperties(true, 20, 50, "model-check-" + UUID.randomUUID());

	private static final QueryCatalog CATALOG = new ${serviceName}QueryCatalog();

	@Autowired
	private NoteService notes;

	@Autowired
	private CqlSession session;

	/** Every table's flushed partitions were measured, and none exceeds its estimate. */
	@Test
	void everyTableMeasuresWithinItsEstimate() {
		new DemoDataSeeder(this.notes, VOLUME).seed()
			.as(StepVerifier::create)
			.assertNext((written) -> assertThat(written).isEqualTo(VOLUME.owners() * VOLUME.notesPerOwner()))
			.verifyComplete();

		ModelReport report = ModelCheckHarness.of(CATALOG, this.session)
			.measuredOn(SharedCassandra.backend().jmxAddress())
			.measure();

		assertThat(report.measured()).extracting(MeasuredTable::table).containsExactly("notes_by_owner");
		assertThat(report.measuredFindings()).isEmpty();
	}

}
