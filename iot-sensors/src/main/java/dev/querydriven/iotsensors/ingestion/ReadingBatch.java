package dev.querydriven.iotsensors.ingestion;

import java.util.List;

import dev.querydriven.servicesupport.web.InvalidRequestException;

/**
 * The readings of one ingestion request, with how the client sent them: a single reading
 * object or an array. Error messages name fields the way the client wrote them:
 * {@code temperature} for a single reading, {@code readings[3].temperature} in an array.
 *
 * @param readings the readings, in request order
 * @param single whether the request held one reading object rather than an array
 */
public record ReadingBatch(List<NewReading> readings, boolean single) {

	public ReadingBatch {
		readings = List.copyOf(readings);
	}

	/**
	 * A batch sent as an array (the simulator's form).
	 * @param readings the readings
	 * @return the batch
	 */
	public static ReadingBatch of(List<NewReading> readings) {
		return new ReadingBatch(readings, false);
	}

	/**
	 * The client's name for a field of one reading.
	 * @param index the reading's index
	 * @param field the field, or {@code null} for the reading itself
	 * @return e.g. {@code readings[3].temperature}
	 */
	String path(int index, String field) {
		if (this.single) {
			return (field != null) ? field : "body";
		}
		return pathInArray(index, field);
	}

	static String pathInArray(int index, String field) {
		return "readings[" + index + "]" + ((field != null) ? "." + field : "");
	}

	/**
	 * The JSON pointer of a field of one reading in the request body.
	 * @param index the reading's index
	 * @param field the field, or {@code null} for the reading itself
	 * @return e.g. {@code #/3/temperature}, or {@code #/temperature} for a single reading
	 */
	String pointer(int index, String field) {
		if (this.single) {
			return (field != null) ? "#/" + field : "#";
		}
		return pointerInArray(index, field);
	}

	static String pointerInArray(int index, String field) {
		return "#/" + index + ((field != null) ? "/" + field : "");
	}

	/**
	 * An error about one field of one reading, named as the client wrote it.
	 * @param index the reading's index
	 * @param field the field, or {@code null} for the reading itself
	 * @param message what is wrong
	 * @return the exception
	 */
	InvalidRequestException invalid(int index, String field, String message) {
		return new InvalidRequestException(path(index, field), pointer(index, field), message);
	}

}
