/**
 * Demo data for dev runs: a few hundred users, a follow graph with high-follower authors
 * (above the fan-out threshold, so the timeline's read-time merge shows), and posts with
 * hashtags spread over six months, written through the same services as the API. On in
 * {@code application.yml}, off in every test.
 */
package dev.querydriven.socialfeed.seed;
