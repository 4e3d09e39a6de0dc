from mitosz_core.cli import main

raise SystemExit(main())
