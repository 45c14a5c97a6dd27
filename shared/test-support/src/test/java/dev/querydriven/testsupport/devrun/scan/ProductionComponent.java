package dev.querydriven.testsupport.devrun.scan;

import org.springframework.stereotype.Component;

/** A component of the service itself. */
@Component
class ProductionComponent {

}
