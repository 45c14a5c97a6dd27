package dev.querydriven.blogplatform.migration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The category migration's settings ({@code querydriven.blog.category-migration.*}).
 *
 * @param name the migration's name: the key of its state in {@code table_migrations} and
 * its name in the admin URLs (tests give each run its own, so that runs never share a
 * migration's state)
 */
@ConfigurationProperties("querydriven.blog.category-migration")
record CategoryMigrationProperties(@DefaultValue(PostsByCategoryMigration.NAME) String name) {

}
