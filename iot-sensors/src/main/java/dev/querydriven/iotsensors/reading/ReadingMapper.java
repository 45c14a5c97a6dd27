package dev.querydriven.iotsensors.reading;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Reading rows to API responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface ReadingMapper {

	@Mapping(target = "time", source = "readingTime")
	ReadingResponse toResponse(SensorDataRow row);

	@Mapping(target = "time", source = "readingTime")
	LatestReadingResponse toResponse(LatestReadingBySensorRow row);

}
