package dev.querydriven.benchmarks;

import java.nio.file.Path;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The suite's one JSON mapper: the files the suite's processes hand each other, and the
 * results (request bodies are written by
 * {@link dev.querydriven.benchmarks.api.HttpCall}).
 */
public final class Json {

	private static final JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private Json() {
	}

	/**
	 * Writes a value to a file, indented.
	 * @param file the file
	 * @param value the value
	 */
	public static void write(Path file, Object value) {
		mapper.writeValue(file.toFile(), value);
	}

	/**
	 * Reads a value from a file.
	 * @param <T> its type
	 * @param file the file
	 * @param type its type
	 * @return the value
	 */
	public static <T> T read(Path file, Class<T> type) {
		return mapper.readValue(file.toFile(), type);
	}

	/**
	 * The mapper, for reading trees.
	 * @return the mapper
	 */
	public static JsonMapper mapper() {
		return mapper;
	}

}
