package dev.querydriven.iotsensors.sensor;

/**
 * The outcome of a registration.
 *
 * @param sensor the sensor as registered
 * @param created {@code true} when this call registered it, {@code false} when an
 * identical registration existed already
 */
public record SensorRegistration(SensorsByIdRow sensor, boolean created) {

}
