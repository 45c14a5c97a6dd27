package dev.querydriven.testsupport.architecture.bad.post;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings that name a feature ({@code posts}) other than their package ({@code post}).
 *
 * @param maxBucketsPerPage a setting
 */
@ConfigurationProperties("querydriven.bad-service.posts")
record PostsProperties(int maxBucketsPerPage) {

}
