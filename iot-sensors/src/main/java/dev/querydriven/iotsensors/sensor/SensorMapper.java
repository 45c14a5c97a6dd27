package dev.querydriven.iotsensors.sensor;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;

/**
 * Registration requests to the domain, registry rows to API responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface SensorMapper {

	SensorResponse toResponse(SensorsByIdRow row);

	SensorResponse toResponse(SensorsBySiteRow row);

	NewSensor toNewSensor(RegisterSensorRequest request);

}
