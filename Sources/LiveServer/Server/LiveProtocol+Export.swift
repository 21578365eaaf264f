// The server's messages and frames are its API: a user of LiveServer sees LiveProtocol's types without a second import.
@_exported import LiveProtocol
