package cluster

import (
	"fmt"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Server is an embedded NATS server with JetStream: the cluster of one
// machine, and of the tests.
type Server struct{ ns *server.Server }

// Serve starts an embedded server listening on host:port (port 0: a free
// one; -1 as well) with its JetStream store in dir.
func Serve(host string, port int, dir string) (*Server, error) {
	ns, err := server.NewServer(&server.Options{
		ServerName: "leapfrog", Host: host, Port: port,
		JetStream: true, StoreDir: dir, NoSigs: true, NoLog: true,
	})
	if err != nil {
		return nil, fmt.Errorf("the embedded NATS server: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("the embedded NATS server did not start within 10 s")
	}
	return &Server{ns}, nil
}

// URL is where clients connect.
func (s *Server) URL() string { return s.ns.ClientURL() }

// Shutdown stops the server and waits for it.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}

// Bytes returns the bytes the server has taken in from its clients and
// sent out to them since it started.
func (s *Server) Bytes() (in, out int64) {
	v, err := s.ns.Varz(nil)
	if err != nil {
		return 0, 0
	}
	return v.InBytes, v.OutBytes
}
