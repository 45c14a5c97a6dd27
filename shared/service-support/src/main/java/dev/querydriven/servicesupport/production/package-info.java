/**
 * The {@code prod} profile: a service started with it refuses, before it reads a bean or
 * opens a connection, every setting that is harmless on a laptop and loses or leaks data
 * in production (no contact points, one replica, a per-process cursor key, demo data, a
 * superuser login, a default password, a token key that cannot rotate, a test hook). The
 * defaults of this project are chosen for the dev run; this check is what stops them from
 * reaching production unnoticed. Every service gets it from service-support, with no code
 * of its own.
 */
package dev.querydriven.servicesupport.production;
