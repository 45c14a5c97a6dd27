package dev.querydriven.testsupport.architecture.good.categorymigration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The settings of a feature whose name has a dash, which its package drops.
 *
 * @param name a setting
 */
@ConfigurationProperties(prefix = "querydriven.good-service.category-migration")
record CategoryMigrationProperties(String name) {

}
