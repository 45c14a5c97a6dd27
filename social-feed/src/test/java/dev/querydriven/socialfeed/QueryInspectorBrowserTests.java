package dev.querydriven.socialfeed;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.UUID;

import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The query inspector's page in a real browser (Debian's headless Chromium, driven by
 * Selenium, nothing downloaded): a request appears live with its partitions against its
 * budget and its badges, opens into its statements, a traced request shows its trace, and
 * a statement's partition opens in the partition view. Each view is saved as a PNG next
 * to the test reports. It runs in the flag tests' context (a year of retention), so that
 * a timeline read shows the over-budget badge.
 */
@Tag("browser")
@SocialFeedIntegrationTest
@TestPropertySource(properties = "querydriven.social-feed.timeline.retention=365d")
@Import(QueryInspectorFlagsIntegrationTests.OversizedBatchRoute.class)
class QueryInspectorBrowserTests {

	private static final Path SCREENSHOTS = Path.of("target/surefire-reports/screenshots");

	private static ChromeDriver browser;

	@LocalServerPort
	private int port;

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private Fixtures fixtures;

	@BeforeAll
	static void openTheBrowser() {
		ChromeOptions options = new ChromeOptions();
		options.setBinary("/usr/bin/chromium");
		options.addArguments("--headless=new", "--no-sandbox", "--window-size=1600,1000");
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(new File("/usr/bin/chromedriver"))
			.build();
		browser = new ChromeDriver(service, options);
	}

	@AfterAll
	static void closeTheBrowser() {
		if (browser != null) {
			browser.quit();
		}
	}

	/**
	 * A learner's tour: the page goes live, a timeline read appears on its own with its
	 * partitions over the budget and the over-budget badge, opens into its statements, a
	 * traced request shows its trace, and a statement's partition opens.
	 */
	@Test
	void theInspectorShowsRequestsLiveWithStatementsTracesAndPartitions() {
		browser.get("http://localhost:" + this.port + "/inspector");
		waitFor(Duration.ofSeconds(20)).until(ExpectedConditions.textToBe(By.id("state"), "live"));
		screenshot("1-page");

		UUID user = this.fixtures.user().userId();
		this.client.mutateWith(this.callers.as(user))
			.get()
			.uri("/users/{id}/timeline", user)
			.exchange()
			.expectStatus()
			.isOk();
		waitFor(Duration.ofSeconds(2))
			.until(ExpectedConditions.visibilityOfElementLocated(row("/users/" + user + "/timeline")));
		// A year of days and the reader's three partitions, against a budget for a month.
		waitFor(Duration.ofSeconds(2)).until(ExpectedConditions
			.textToBePresentInElementLocated(By.cssSelector("tr.request td.partitions.over"), "369 / 334"));
		assertThat(browser.findElement(row("/users/" + user + "/timeline"))
			.findElements(By.cssSelector("a.badge.over-budget"))).hasSize(1);
		screenshot("2-new-request");

		browser.findElement(row("/users/" + user + "/timeline")).click();
		waitFor(Duration.ofSeconds(10))
			.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("tr.details tr.statement")));
		screenshot("3-statements");

		browser.findElement(By.id("trace")).click();
		waitFor(Duration.ofSeconds(10))
			.until(ExpectedConditions.textToBe(By.id("state"), "the next request will be traced"));
		this.client.get().uri("/users/{id}", user).exchange().expectStatus().isOk();
		By profile = row("/users/" + user);
		waitFor(Duration.ofSeconds(10)).until(ExpectedConditions.visibilityOfElementLocated(profile));
		// Cassandra writes a trace just after the answer: the page says so until it is
		// there, and shows it when the request is opened again.
		waitFor(Duration.ofSeconds(30)).until((driver) -> {
			driver.findElement(profile).click();
			return !driver.findElements(By.cssSelector("tr.details ol.trace li")).isEmpty()
					|| closeDetails(driver.findElement(profile));
		});
		screenshot("4-trace");

		browser.findElement(By.cssSelector("tr.details a.partition")).click();
		waitFor(Duration.ofSeconds(10))
			.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), "social_feed.users_by_id"));
		assertThat(browser.findElement(By.className("token")).getText()).startsWith("token(");
		screenshot("5-partition");
	}

	private static boolean closeDetails(WebElement row) {
		row.click();
		return false;
	}

	private static By row(String path) {
		return By.xpath("//tr[contains(@class, 'request')][td/code[text()='GET " + path + "']]");
	}

	private static WebDriverWait waitFor(Duration timeout) {
		return new WebDriverWait(browser, timeout);
	}

	private static void screenshot(String name) {
		try {
			Files.createDirectories(SCREENSHOTS);
			Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(),
					SCREENSHOTS.resolve("inspector-" + name + ".png"), StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
