package dev.querydriven.modelcheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import dev.querydriven.modeling.ServesQuery;

/**
 * Which tests prove, and which code serves, each catalogued query: the classes and
 * methods carrying {@link ServesQuery}, found by reading the compiled classes of a
 * service ({@code target/test-classes}, {@code target/classes}).
 * <p>
 * A test counts when it is a JUnit Jupiter test method ({@code @Test},
 * {@code @ParameterizedTest}, {@code @RepeatedTest}, {@code @TestFactory}, or an
 * annotation carrying one of those, such as jqwik's {@code @Property}) annotated with the
 * id, or a test method of a class annotated with it.
 */
public final class QueryEvidence {

	private static final Set<String> TEST_ANNOTATIONS = Set.of("org.junit.jupiter.api.Test",
			"org.junit.jupiter.api.TestTemplate", "org.junit.jupiter.api.TestFactory", "net.jqwik.api.Property",
			"net.jqwik.api.Example");

	private final boolean testsChecked;

	private final Map<String, List<String>> tests;

	private final Map<String, List<String>> code;

	private QueryEvidence(boolean testsChecked, Map<String, List<String>> tests, Map<String, List<String>> code) {
		this.testsChecked = testsChecked;
		this.tests = tests;
		this.code = code;
	}

	/**
	 * No evidence: the check does not judge whether queries have tests (the command-line
	 * checker, which has no code to read).
	 * @return empty evidence
	 */
	public static QueryEvidence none() {
		return new QueryEvidence(false, Map.of(), Map.of());
	}

	/**
	 * Reads compiled classes.
	 * @param loader the class loader that can load them (the test's)
	 * @param basePackage only classes in this package and below count (e.g.
	 * {@code dev.querydriven.socialfeed})
	 * @param testClasses the directory of compiled tests
	 * @param mainClasses the directory of compiled application code, or {@code null}
	 * @return the evidence
	 */
	public static QueryEvidence scan(ClassLoader loader, String basePackage, Path testClasses, Path mainClasses) {
		Map<String, List<String>> tests = new TreeMap<>();
		for (Class<?> type : classes(loader, basePackage, testClasses)) {
			inspect(type, () -> {
				ServesQuery onClass = type.getAnnotation(ServesQuery.class);
				for (Method method : type.getDeclaredMethods()) {
					if (!isTest(method)) {
						continue;
					}
					ServesQuery onMethod = method.getAnnotation(ServesQuery.class);
					for (ServesQuery serves : new ServesQuery[] { onClass, onMethod }) {
						if (serves != null) {
							for (String id : serves.value()) {
								add(tests, id, name(type) + "." + method.getName());
							}
						}
					}
				}
			});
		}
		Map<String, List<String>> code = new TreeMap<>();
		if (mainClasses != null) {
			for (Class<?> type : classes(loader, basePackage, mainClasses)) {
				inspect(type, () -> {
					Method[] methods = type.getDeclaredMethods();
					if (Arrays.stream(methods).anyMatch(QueryEvidence::isTest)) {
						// A test class is evidence of a test, not application code.
						return;
					}
					ServesQuery onClass = type.getAnnotation(ServesQuery.class);
					if (onClass != null) {
						for (String id : onClass.value()) {
							add(code, id, name(type));
						}
					}
					for (Method method : methods) {
						ServesQuery onMethod = method.getAnnotation(ServesQuery.class);
						if (onMethod != null && !method.isSynthetic()) {
							for (String id : onMethod.value()) {
								add(code, id, name(type) + "." + method.getName());
							}
						}
					}
				});
			}
		}
		return new QueryEvidence(true, tests, code);
	}

	/**
	 * Reads a class's annotations; a class whose members refer to types missing from the
	 * class path (resolved only now, lazily) carries no evidence and is skipped.
	 */
	private static void inspect(Class<?> type, Runnable reading) {
		try {
			reading.run();
		}
		catch (LinkageError | TypeNotPresentException ex) {
			// Nothing this class says can be trusted to run; it proves nothing.
		}
	}

	/**
	 * Whether tests were looked for at all.
	 * @return {@code false} for {@link #none()}
	 */
	public boolean testsChecked() {
		return this.testsChecked;
	}

	/**
	 * The tests proving a query.
	 * @param id the query id
	 * @return {@code Class.method} names, sorted
	 */
	public List<String> testsOf(String id) {
		return this.tests.getOrDefault(id, List.of());
	}

	/**
	 * The code serving a query.
	 * @param id the query id
	 * @return {@code Class.method} names, sorted
	 */
	public List<String> codeOf(String id) {
		return this.code.getOrDefault(id, List.of());
	}

	/**
	 * Every id named by a test or by code.
	 * @return the ids
	 */
	public Set<String> namedIds() {
		Set<String> ids = new HashSet<>(this.tests.keySet());
		ids.addAll(this.code.keySet());
		return ids;
	}

	private static void add(Map<String, List<String>> index, String id, String where) {
		List<String> list = index.computeIfAbsent(id, (key) -> new ArrayList<>());
		if (!list.contains(where)) {
			list.add(where);
			list.sort(null);
		}
	}

	private static String name(Class<?> type) {
		String packageName = type.getPackageName();
		return packageName.isEmpty() ? type.getName() : type.getName().substring(packageName.length() + 1);
	}

	private static boolean isTest(Method method) {
		for (Annotation annotation : method.getAnnotations()) {
			if (isTestAnnotation(annotation.annotationType(), new HashSet<>())) {
				return true;
			}
		}
		return false;
	}

	private static boolean isTestAnnotation(Class<? extends Annotation> type, Set<Class<?>> seen) {
		if (TEST_ANNOTATIONS.contains(type.getName())) {
			return true;
		}
		if (!seen.add(type) || type.getName().startsWith("java.lang.annotation.")) {
			return false;
		}
		for (Annotation meta : type.getAnnotations()) {
			if (isTestAnnotation(meta.annotationType(), seen)) {
				return true;
			}
		}
		return false;
	}

	private static List<Class<?>> classes(ClassLoader loader, String basePackage, Path root) {
		if (root == null || !Files.isDirectory(root)) {
			return List.of();
		}
		String prefix = basePackage.isEmpty() ? "" : basePackage + ".";
		List<Class<?>> classes = new ArrayList<>();
		try (Stream<Path> files = Files.walk(root)) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".class")).sorted().toList()) {
				String relative = root.relativize(file).toString().replace(java.io.File.separatorChar, '.');
				String className = relative.substring(0, relative.length() - ".class".length());
				if (!className.startsWith(prefix) || className.endsWith("package-info")
						|| className.endsWith("module-info")) {
					continue;
				}
				try {
					classes.add(Class.forName(className, false, loader));
				}
				catch (ClassNotFoundException | LinkageError ex) {
					// A class that cannot load carries no evidence the test could run.
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + root, ex);
		}
		return classes;
	}

}
