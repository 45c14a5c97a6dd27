package dev.querydriven.servicesupport.mapping;

import org.mapstruct.InjectionStrategy;
import org.mapstruct.MapperConfig;
import org.mapstruct.MappingConstants;
import org.mapstruct.ReportingPolicy;

/**
 * The one MapStruct configuration of every service: mappers are Spring beans with
 * constructor injection, and a target property nobody maps is a compile error, so adding
 * a column to a row or a field to a response cannot be forgotten silently.
 */
@MapperConfig(componentModel = MappingConstants.ComponentModel.SPRING,
		injectionStrategy = InjectionStrategy.CONSTRUCTOR, unmappedTargetPolicy = ReportingPolicy.ERROR)
public interface QueryDrivenMapperConfig {

}
