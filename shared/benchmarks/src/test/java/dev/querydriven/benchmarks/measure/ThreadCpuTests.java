package dev.querydriven.benchmarks.measure;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a JVM's CPU goes, thread by thread.
 */
class ThreadCpuTests {

	/**
	 * Threads are grouped by the names HotSpot, Reactor Netty and the driver give them.
	 */
	@Test
	void threadsAreGroupedByName() {
		assertThat(ThreadCpu.group("C2 CompilerThre")).isEqualTo(ThreadCpu.COMPILER);
		assertThat(ThreadCpu.group("C1 CompilerThre")).isEqualTo(ThreadCpu.COMPILER);
		assertThat(ThreadCpu.group("GC Thread#1")).isEqualTo(ThreadCpu.GC);
		assertThat(ThreadCpu.group("G1 Refine#0")).isEqualTo(ThreadCpu.GC);
		assertThat(ThreadCpu.group("reactor-http-ep")).isEqualTo(ThreadCpu.HTTP);
		assertThat(ThreadCpu.group("s0-io-1")).isEqualTo(ThreadCpu.DRIVER);
		assertThat(ThreadCpu.group("parallel-1")).isEqualTo(ThreadCpu.OTHER);
	}

	/** A window's groups and its user and kernel time add up to the process's CPU. */
	@Test
	void aWindowsGroupsAddUpToTheProcess() {
		long pid = ProcessHandle.current().pid();
		ThreadCpu.Snapshot before = ThreadCpu.of(pid);
		long sum = 0;
		for (long deadline = System.nanoTime() + 300_000_000L; System.nanoTime() < deadline;) {
			sum += Long.toString(sum).hashCode();
		}
		ThreadCpu.Use use = before.until(ThreadCpu.of(pid));

		assertThat(sum).isNotZero();
		assertThat(use.groups().keySet()).containsExactlyInAnyOrderElementsOf(ThreadCpu.GROUPS);
		double groups = use.groups().values().stream().mapToDouble(Double::doubleValue).sum();
		assertThat(groups).isCloseTo(use.userSeconds() + use.systemSeconds(),
				org.assertj.core.data.Offset.offset(0.03));
		assertThat(use.userSeconds() + use.systemSeconds()).as("this thread was busy").isPositive();
	}

}
