package dev.querydriven.iotsensors.rollup;

import java.util.List;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Rollup rows to API responses: the flat columns become one summary per metric.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface RollupMapper {

	@Mapping(target = "temperature.min", source = "temperatureMin")
	@Mapping(target = "temperature.max", source = "temperatureMax")
	@Mapping(target = "temperature.avg", source = "temperatureAvg")
	@Mapping(target = "humidity.min", source = "humidityMin")
	@Mapping(target = "humidity.max", source = "humidityMax")
	@Mapping(target = "humidity.avg", source = "humidityAvg")
	@Mapping(target = "batteryLevel.min", source = "batteryLevelMin")
	@Mapping(target = "batteryLevel.max", source = "batteryLevelMax")
	@Mapping(target = "batteryLevel.avg", source = "batteryLevelAvg")
	HourlyRollupResponse toResponse(HourlyRollupsBySensorRow row);

	List<HourlyRollupResponse> toResponses(List<HourlyRollupsBySensorRow> rows);

}
