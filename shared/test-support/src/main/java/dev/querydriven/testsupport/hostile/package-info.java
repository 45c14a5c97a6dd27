/**
 * A hostile-input suite generated from a service's own OpenAPI document: for every
 * operation, every parameter and every member of every request body, requests that change
 * exactly one thing of a valid request into something hostile (malformed, truncated or
 * deeply nested JSON, wrong types and shapes, unknown fields, invalid Unicode, oversized
 * strings and bodies, extreme numbers, impossible dates, forged, foreign and oversized
 * cursors, wrong media types). Each must be a 4xx RFC 9457 problem naming what was wrong,
 * and afterwards every table of the service's keyspace must hold exactly what the valid
 * requests wrote. A new endpoint is covered the moment it is in the document; an endpoint
 * without a valid example fails the suite.
 */
package dev.querydriven.testsupport.hostile;
