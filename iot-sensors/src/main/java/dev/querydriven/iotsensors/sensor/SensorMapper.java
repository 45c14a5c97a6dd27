package dev.querydriven.iotsensors.sensor;

import java.util.List;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;

/**
 * Registry rows to API responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface SensorMapper {

	SensorResponse toResponse(SensorsByIdRow row);

	SensorResponse toResponse(SensorsBySiteRow row);

	List<SensorResponse> toResponses(List<SensorsBySiteRow> rows);

}
