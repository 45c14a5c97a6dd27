package dev.querydriven.iotsensors.sizing;

import dev.querydriven.modeling.bucket.BucketSizeAdvisor;
import dev.querydriven.modeling.bucket.BucketTargets;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The bucket-size advisor over HTTP.
 */
@RestController
class BucketAdviceController {

	private static final double MAX_WRITES_PER_SECOND = 1_000_000;

	private final SizingProperties sizing;

	BucketAdviceController(SizingProperties sizing) {
		this.sizing = sizing;
	}

	@GetMapping("/buckets/advice")
	@Operation(summary = "The coarsest time bucket keeping partitions under 50,000 rows and 10 MB, for a write rate "
			+ "per key (default: the configured sampling rate) and a row size (default: a sensor_data row)")
	BucketAdviceResponse advise(@RequestParam(required = false) Double writesPerSecond,
			@RequestParam(required = false) @Min(1) @Max(10_000_000) Long rowBytes) {
		double rate = (writesPerSecond != null) ? writesPerSecond : this.sizing.samplingRate();
		long bytes = (rowBytes != null) ? rowBytes : this.sizing.rowBytes();
		if (!Double.isFinite(rate) || rate <= 0 || rate > MAX_WRITES_PER_SECOND) {
			throw new InvalidRequestException("writesPerSecond",
					"must be a number above 0 and at most " + (long) MAX_WRITES_PER_SECOND);
		}
		return BucketAdviceResponse.of(rate, bytes, BucketSizeAdvisor.advise(rate, bytes, BucketTargets.DEFAULT));
	}

}
