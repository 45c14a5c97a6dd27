package dev.querydriven.benchmarks;

import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.api.Workload;

/**
 * The services the suite measures, in the order it measures them, each with its
 * workloads. A service keeps its workloads with its tests (one {@link ServiceBenchmark},
 * named in its test resources' {@code META-INF/services}), so they are found in its build
 * output, {@code target/classes} and {@code target/test-classes}, never on this module's
 * class path: no module compiles against a service's classes, and a service's jar stays
 * the runnable one.
 *
 * <p>
 * The suite and Gatling's JVM find them with {@link #in(Path)}: each service's two
 * directories in a class loader of its own, so that the services' resources (each has an
 * {@code application.yml} and a {@code cql/} folder) never meet. A layer JVM has its one
 * service's directories on its class path ({@link #classPath(ServiceBenchmark)}) and
 * finds it with {@link #onClassPath(String)}.
 */
public final class Benchmarks {

	/**
	 * The services, in the order they are measured; each is the directory of its module
	 * in the repository and its benchmark's {@link ServiceBenchmark#name()}.
	 */
	static final List<String> SERVICES = List.of("social-feed", "ecommerce-orders", "iot-sensors", "blog-platform");

	private final Path repository;

	private final Map<String, ServiceBenchmark> services;

	private Benchmarks(Path repository, Map<String, ServiceBenchmark> services) {
		this.repository = repository;
		this.services = services;
	}

	/**
	 * Finds every service's benchmark in its build output.
	 * @param repository the repository's root, where each service is a module directory
	 * @return the services
	 */
	public static Benchmarks in(Path repository) {
		Path root = repository.toAbsolutePath().normalize();
		Map<String, ServiceBenchmark> services = new LinkedHashMap<>();
		for (String name : SERVICES) {
			List<Path> classPath = classPath(root, name);
			for (Path directory : classPath) {
				if (!Files.isDirectory(directory)) {
					throw new IllegalStateException("No " + directory + ": build the services and their test classes"
							+ " first (./mvnw -B -pl shared/benchmarks -am verify does)");
				}
			}
			// The suite's class loader as parent: it brings the service's dependencies
			// and the benchmark API, so that the suite and the workload share its types.
			ClassLoader loader = new URLClassLoader(name, urls(classPath), Benchmarks.class.getClassLoader());
			services.put(name, find(name, ServiceLoader.load(ServiceBenchmark.class, loader), loader));
		}
		return new Benchmarks(root, services);
	}

	/**
	 * Finds the one service whose build output is on this JVM's class path (a layer
	 * JVM's).
	 * @param name the service's name
	 * @return the service, alone
	 */
	public static Benchmarks onClassPath(String name) {
		ClassLoader loader = Benchmarks.class.getClassLoader();
		return new Benchmarks(null, Map.of(name, find(name, ServiceLoader.load(ServiceBenchmark.class, loader), null)));
	}

	/**
	 * The one benchmark a service's build output declares, which must carry the service's
	 * name. With a loader, only providers it defined count (its parent, the suite's,
	 * declares none, but need not stay so); without, any on the class path (a layer
	 * JVM's, which holds one service).
	 */
	private static ServiceBenchmark find(String name, ServiceLoader<ServiceBenchmark> providers, ClassLoader loader) {
		List<ServiceBenchmark> found = providers.stream()
			.filter((provider) -> loader == null || provider.type().getClassLoader() == loader)
			.map(ServiceLoader.Provider::get)
			.toList();
		if (found.size() != 1 || !found.get(0).name().equals(name)) {
			throw new IllegalStateException(name + " declares " + found.stream().map(ServiceBenchmark::name).toList()
					+ " in META-INF/services/" + ServiceBenchmark.class.getName()
					+ " of its test resources: expected one benchmark, named " + name);
		}
		return found.get(0);
	}

	/**
	 * A service's build output: its classes, then its test classes (where its workloads
	 * are), both needed in one class loader, since the workloads call package-private
	 * classes of the service.
	 */
	private static List<Path> classPath(Path repository, String name) {
		Path target = repository.resolve(name).resolve("target");
		return List.of(target.resolve("classes"), target.resolve("test-classes"));
	}

	private static URL[] urls(List<Path> classPath) {
		try {
			URL[] urls = new URL[classPath.size()];
			for (int i = 0; i < urls.length; i++) {
				urls[i] = classPath.get(i).toUri().toURL();
			}
			return urls;
		}
		catch (MalformedURLException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Every service found.
	 * @return the services, in the order they are measured
	 */
	public List<ServiceBenchmark> all() {
		return List.copyOf(this.services.values());
	}

	/**
	 * A service by name.
	 * @param name e.g. {@code social-feed}
	 * @return the service
	 */
	public ServiceBenchmark named(String name) {
		ServiceBenchmark service = this.services.get(name);
		if (service == null) {
			throw new IllegalArgumentException(
					"No benchmark for a service named " + name + "; there are " + this.services.keySet());
		}
		return service;
	}

	/**
	 * A workload by id, from a new instance of its service's definitions.
	 * @param id e.g. {@code social-feed/timeline}
	 * @return the workload
	 */
	public Workload<?> workload(String id) {
		return named(id.substring(0, id.indexOf('/'))).workloads()
			.stream()
			.filter((workload) -> workload.info().id().equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No workload " + id));
	}

	/**
	 * The repository the services were found in.
	 * @return its root
	 */
	public Path repository() {
		if (this.repository == null) {
			throw new IllegalStateException("Services found on the class path have no repository");
		}
		return this.repository;
	}

	/**
	 * A service's build output, for the class path of its layer JVM.
	 * @param service the service
	 * @return its {@code target/classes} and {@code target/test-classes}
	 */
	public List<Path> classPath(ServiceBenchmark service) {
		return classPath(repository(), service.name());
	}

	/**
	 * A service's build directory, where its jar is.
	 * @param service the service
	 * @return its {@code target} directory
	 */
	public Path target(ServiceBenchmark service) {
		return repository().resolve(service.name()).resolve("target");
	}

}
