from .modes.entry import main

raise SystemExit(main())
