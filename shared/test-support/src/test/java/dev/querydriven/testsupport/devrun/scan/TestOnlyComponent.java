package dev.querydriven.testsupport.devrun.scan;

import org.springframework.boot.test.context.TestComponent;

/** A component that exists for tests only. */
@TestComponent
class TestOnlyComponent {

}
