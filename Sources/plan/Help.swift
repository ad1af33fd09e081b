import Foundation

/// The help texts: what each command does, its options, and an example.
enum Help {
    static let version = "0.1.0"

    static let overview = """
        plan — packing lists from the weather at your destination

        Usage: plan <command> [options]

        Trips:
          add <destination> --from <date> --to <date>   Create a trip (the place is resolved now)
          list                                          Your trips, newest first
          show <trip>                                   A trip, its place, forecast and packing list
          rm <trip>                                     Delete a trip and its sessions

        Other:
          --help, -h      This help; 'plan <command> --help' for one command
          --version       The version

        Dates are YYYY-MM-DD, 'today' or 'tomorrow'. Every command that prints takes --json.

        Environment:
          PLAN_DB         the database file (default: $XDG_DATA_HOME/plan/plan.sqlite,
                          else ~/.local/share/plan/plan.sqlite)

        Example:
          plan add "Denver, CO" --from 2026-12-03 --to 2026-12-06
        """

    static let commands: [String: String] = [
        "add": """
            Usage: plan add <destination> --from <date> --to <date> [--name <text>] [--activities a,b] [--json]

            Creates a trip and prints its id. The destination is resolved to a place
            (name, region, country, coordinates, time zone) right away; an unknown place
            fails and nothing is stored.

            Options:
              --from <date>         first day (YYYY-MM-DD, today, tomorrow)
              --to <date>           last day (not before --from)
              --name <text>         a name for the trip (default: the destination)
              --activities a,b      what you will do: hiking, beach, business, ski, ...
              --json                print the trip as JSON

            Example:
              plan add "Denver, CO" --from 2026-12-03 --to 2026-12-06 --activities hiking
            """,
        "list": """
            Usage: plan list [--json]

            Lists trips, newest first: id, name, destination, dates, and whether a packing
            list exists (✓).

            Options:
              --json                print an array of trips
            """,
        "show": """
            Usage: plan show <trip> [--json]

            Shows a trip: its resolved place, dates and activities.

            Options:
              --json                print the trip as JSON

            Example:
              plan show 1
            """,
        "rm": """
            Usage: plan rm <trip> [--json]

            Deletes a trip with its sessions, pinned forecasts and packing lists.

            Options:
              --json                print {"deleted": <id>}

            Example:
              plan rm 3
            """,
    ]
}
