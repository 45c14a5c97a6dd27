package dev.querydriven.socialfeed;

import dev.querydriven.testsupport.conformance.ServiceConsistencyLevelsTests;
import org.junit.jupiter.api.Order;

/**
 * Every statement ran at a level the query catalogue declares, over the module's whole
 * test run; it runs after the other test classes, before the conformance suite.
 */
@SocialFeedIntegrationTest
@Order(Integer.MAX_VALUE - 1)
class ConsistencyLevelsIntegrationTests extends ServiceConsistencyLevelsTests {

}
