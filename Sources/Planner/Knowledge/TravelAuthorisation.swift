import FoundationEssentials

/// An electronic travel authorisation a destination asks of visitors who need no visa (the US's ESTA,
/// Canada's eTA…): a list names it beside the passport as a reminder to check, never as a verdict on
/// whether the traveller needs it, a visa or neither; the official site decides.
///
/// Sources, each the government's own page (checked 2026-12-01):
/// - United States, ESTA: U.S. Customs and Border Protection, https://www.cbp.gov/travel/international-visitors/esta
///   and https://esta.cbp.dhs.gov (Canadian and Bermudian citizens need none).
/// - Canada, eTA: Immigration, Refugees and Citizenship Canada,
///   https://www.canada.ca/en/immigration-refugees-citizenship/services/visit-canada/eta.html (for arrival by
///   air; US citizens need none).
/// - United Kingdom, ETA: GOV.UK, https://www.gov.uk/guidance/apply-for-an-electronic-travel-authorisation-eta
///   (British and Irish citizens need none).
/// - Australia, ETA (subclass 601) or eVisitor (subclass 651): Department of Home Affairs,
///   https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/electronic-travel-authority-601
///   (New Zealand citizens need none: they are granted a visa on arrival).
/// - New Zealand, NZeTA: Immigration New Zealand, https://www.immigration.govt.nz/new-zealand-visas/visas/visa/nzeta
///   (Australian citizens need none).
/// - South Korea, K-ETA: Ministry of Justice, https://www.k-eta.go.kr (several countries' citizens are
///   exempt for a time; the site says which).
///
/// Not listed: the EU's ETIAS, announced for the last quarter of 2026 but not in force on the date checked;
/// a row goes here, with the day it starts, once it is.
public struct TravelAuthorisation: Sendable, Equatable {
    /// ISO 3166 alpha-2 code of the destination ("US").
    public var destination: String
    /// What the traveller checks for ("an ESTA").
    public var name: String
    /// The item's name on the list ("ESTA (US travel authorisation)").
    public var itemName: String
    /// The official site to check and apply on.
    public var site: String
    /// How the traveller arrives for it to apply ("before flying").
    public var when: String
    /// Home countries whose citizens need none.
    public var exempt: Set<String>

    /// The day the table was checked against its sources.
    public static let checked = "2026-12-01"

    /// Every authorisation plan knows, by destination.
    public static let all: [TravelAuthorisation] = [
        TravelAuthorisation(destination: "US", name: "an ESTA (or a visa)", itemName: "ESTA (US travel authorisation)",
                            site: "esta.cbp.dhs.gov", when: "before flying or sailing", exempt: ["US", "CA", "BM"]),
        TravelAuthorisation(destination: "CA", name: "an eTA (or a visa)", itemName: "eTA (Canada travel authorisation)",
                            site: "canada.ca/eta", when: "before flying", exempt: ["CA", "US"]),
        TravelAuthorisation(destination: "GB", name: "an ETA (or a visa)", itemName: "ETA (UK travel authorisation)",
                            site: "gov.uk/eta", when: "before travelling", exempt: ["GB", "IE"]),
        TravelAuthorisation(destination: "AU", name: "an ETA, an eVisitor or visa", itemName: "ETA or eVisitor (Australia)",
                            site: "immi.homeaffairs.gov.au", when: "first", exempt: ["AU", "NZ"]),
        TravelAuthorisation(destination: "NZ", name: "an NZeTA (or a visa)", itemName: "NZeTA (New Zealand travel authority)",
                            site: "immigration.govt.nz/nzeta", when: "before you go", exempt: ["NZ", "AU"]),
        TravelAuthorisation(destination: "KR", name: "a K-ETA (or a visa)", itemName: "K-ETA (South Korea travel authorisation)",
                            site: "k-eta.go.kr", when: "before flying", exempt: ["KR"]),
    ]

    /// The authorisation a visitor from `home` to `destination` should check for, or nil (none known, or the
    /// traveller's citizens need none).
    public static func reminder(home: String, destination: String) -> TravelAuthorisation? {
        let home = home.uppercased()
        return all.first { $0.destination == destination.uppercased() && !$0.exempt.contains(home) }
    }

    /// "Check whether you need an ESTA (or a visa) before flying or sailing; apply only on esta.cbp.dhs.gov": a
    /// reminder, not a verdict (the item's name says which country). At most 100 characters, as every reason
    /// in a packing answer (`PackingAnswer`'s guide): a longer one set the built-in engine's whole answer aside.
    public var reason: String {
        "Check whether you need \(name) \(when); apply only on \(site)"
    }
}
