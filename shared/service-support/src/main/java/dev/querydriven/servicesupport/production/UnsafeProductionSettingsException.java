package dev.querydriven.servicesupport.production;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A start with the {@code prod} profile stopped because of unsafe settings; its message
 * lists every one of them, so that a deployment is fixed in one round, not one property
 * per failed start.
 */
public class UnsafeProductionSettingsException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final transient List<UnsafeSetting> settings;

	/**
	 * @param settings the unsafe settings, at least one
	 */
	public UnsafeProductionSettingsException(List<UnsafeSetting> settings) {
		super(describe(settings));
		this.settings = List.copyOf(settings);
	}

	/**
	 * The unsafe settings, in the order they were checked.
	 * @return the settings
	 */
	public List<UnsafeSetting> getSettings() {
		return this.settings;
	}

	static String describe(List<UnsafeSetting> settings) {
		return "The prod profile refuses " + ((settings.size() == 1) ? "this setting" : settings.size() + " settings")
				+ ":" + settings.stream().map((setting) -> "\n - " + setting).collect(Collectors.joining());
	}

}
