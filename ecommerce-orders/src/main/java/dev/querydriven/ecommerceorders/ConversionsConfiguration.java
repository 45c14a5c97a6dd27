package dev.querydriven.ecommerceorders;

import java.util.List;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.cassandra.core.convert.CassandraCustomConversions;
import org.springframework.data.convert.PropertyValueConverterFactory;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

/**
 * Spring Data's custom conversions of this service: its row readers, as the shared
 * configuration has them, and the property value converters that properties name with
 * {@code @ValueConverter}, taken from the application context, so that a converter can be
 * a bean with dependencies (the address's, {@code AddressValueConverter}, needs Spring
 * Data's converter to find the {@code address} type).
 */
@Configuration(proxyBeanMethods = false)
class ConversionsConfiguration {

	@Bean
	CassandraCustomConversions cassandraCustomConversions(ObjectProvider<Converter<?, ?>> converters,
			ConfigurableListableBeanFactory beans) {
		// Only the converters meant for Spring Data: other Converter beans (the resource
		// server's token converter, say) are no business of the mapping.
		List<Converter<?, ?>> forTheMapping = converters.orderedStream()
			.filter((converter) -> AnnotatedElementUtils.hasAnnotation(converter.getClass(), ReadingConverter.class)
					|| AnnotatedElementUtils.hasAnnotation(converter.getClass(), WritingConverter.class))
			.toList();
		return CassandraCustomConversions.create((conversions) -> conversions.registerConverters(forTheMapping)
			.registerPropertyValueConverterFactory(PropertyValueConverterFactory.beanFactoryAware(beans)));
	}

}
