import Foundation
@testable import Interface
import PlanKit
import Planner
@testable import Rendering
import Testing

/// The environment's configuration, read where a unit test reaches it: each variable's default, its checks
/// (a usage error, exit 64, naming the variable) and which source wins.
@Suite struct SettingsTests {
    @Test func anEmptyEnvironmentGivesThePublicServicesAndTheDefaults() throws {
        let settings = try ServiceSettings(environment: [:])
        #expect(settings.nwsBase.absoluteString == "https://api.weather.gov")
        #expect(settings.openMeteoBase.absoluteString == "https://api.open-meteo.com")
        #expect(settings.climateBase.host == "archive-api.open-meteo.com")
        #expect(settings.marineBase.host == "marine-api.open-meteo.com")
        #expect(settings.timeout == 15 && settings.retries == 3 && !settings.isOffline && settings.contact == nil)
        #expect(try ServiceSettings.modelTimeout([:]) == 300)
    }

    @Test func theContactGoesOnlyToTheWeatherService() throws {
        let settings = try ServiceSettings(environment: ["PLAN_CONTACT": "me@example.com", "PLAN_NWS_URL": "http://127.0.0.1:9000"])
        let nws = try #require(URL(string: "http://127.0.0.1:9000/points/1,2"))
        let other = try #require(URL(string: "https://api.open-meteo.com/v1/forecast"))
        #expect(settings.userAgent(for: nws).contains("me@example.com"))
        #expect(!settings.userAgent(for: other).contains("me@example.com"))
        #expect(settings.userAgent(for: other) == ServiceSettings.userAgent)
    }

    @Test(arguments: [
        ["PLAN_NWS_URL": "ftp://example.com"], ["PLAN_OPEN_METEO_URL": "not a url"],
        ["PLAN_GEOCODER_URL": "https://user:pw@example.com"], ["PLAN_HTTP_TIMEOUT": "0"], ["PLAN_HTTP_TIMEOUT": "nan"],
        ["PLAN_HTTP_RETRIES": "11"], ["PLAN_CONTACT": "me@example.com\r\nX-Evil: 1"],
        ["PLAN_CONTACT": String(repeating: "a", count: 201)],
    ])
    func aBadValueIsAUsageErrorNamingTheVariable(_ environment: [String: String]) throws {
        let name = try #require(environment.keys.first)
        let error = try #require(throws: ConfigurationProblem.self) { _ = try ServiceSettings(environment: environment) }
        #expect(ErrorReport(error).code == 64, "a usage error on the command line")
        #expect(error.message.contains(name))
        #expect(error.hint?.isEmpty == false)
    }

    @Test func theModelTimeoutIsRangeChecked() throws {
        #expect(try ServiceSettings.modelTimeout(["PLAN_MODEL_TIMEOUT": "45"]) == 45)
        #expect(throws: ConfigurationProblem.self) { _ = try ServiceSettings.modelTimeout(["PLAN_MODEL_TIMEOUT": "1e9"]) }
    }

    @Test func theEnvironmentWinsOverTheStoredSettingsWhichWinOverTheLocale() throws {
        let stored = ["home": "DE", "units": "us", "laundry": "4", "adults": "2", "children": "[8,1]"]
        let fromConfig = try TravellerSettings(environment: ["LANG": "fr_FR.UTF-8"], stored: stored)
        #expect(fromConfig.traveller.home == "DE" && fromConfig.homeSource == .config)
        #expect(fromConfig.traveller.units == .us && fromConfig.traveller.laundryDays == 4)
        #expect(fromConfig.party.adults == 2 && fromConfig.party.children == [8, 1] && fromConfig.partySource == .config)
        let fromEnvironment = try TravellerSettings(environment: ["PLAN_HOME_COUNTRY": "jp", "PLAN_UNITS": "metric"], stored: stored)
        #expect(fromEnvironment.traveller.home == "JP" && fromEnvironment.homeSource == .environment)
        #expect(fromEnvironment.traveller.units == .metric && fromEnvironment.unitsSource == .environment)
        let fromLocale = try TravellerSettings(environment: ["LANG": "fr_FR.UTF-8"], stored: [:])
        #expect(fromLocale.traveller.home == "FR" && fromLocale.homeSource == .locale)
        #expect(fromLocale.party.adults == 1 && fromLocale.party.children.isEmpty && fromLocale.partySource == .default)
    }

    @Test func aStoredValueOutOfRangeFallsBackAndAnEnvironmentOneIsRefused() throws {
        let settings = try TravellerSettings(environment: [:], stored: ["home": "ZZ", "laundry": "900", "adults": "0"])
        #expect(settings.homeSource != .config && settings.laundrySource == .default && settings.party.adults == 1)
        #expect(throws: ConfigurationProblem.self) { _ = try TravellerSettings(environment: ["PLAN_HOME_COUNTRY": "Atlantis"], stored: [:]) }
        #expect(throws: ConfigurationProblem.self) { _ = try TravellerSettings(environment: ["PLAN_UNITS": "imperial"], stored: [:]) }
    }
}
